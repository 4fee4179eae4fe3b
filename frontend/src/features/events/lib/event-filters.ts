import { isDayKey } from "@/lib/day";
import type { EventQuery } from "../api/get-events";

/** The Events page's filters, kept in the URL query so a view can be shared and reloaded. */
export type FilterName = "sport" | "area" | "q" | "date";

export const ALL = "all";

/** Reads filters from the URL; "all", blanks and impossible dates count as no filter. */
export function filtersFromSearchParams(params: URLSearchParams): EventQuery {
  const read = (name: FilterName) => {
    const value = params.get(name)?.trim();
    return value && value.toLowerCase() !== ALL ? value : undefined;
  };
  const date = read("date");
  return {
    sport: read("sport"),
    area: read("area"),
    q: read("q"),
    date: date && isDayKey(date) ? date : undefined,
  };
}

export function hasFilters(filters: EventQuery): boolean {
  return [filters.sport, filters.area, filters.q, filters.date].some(Boolean);
}

/** A copy of `params` with `name` set to `value`, or removed when `value` is empty or "all". */
export function withFilter(
  params: URLSearchParams,
  name: FilterName,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value && value !== ALL) next.set(name, value);
  else next.delete(name);
  return next;
}

/** A copy of `params` without any filter. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ["sport", "area", "q", "date"] satisfies FilterName[]) next.delete(name);
  return next;
}
