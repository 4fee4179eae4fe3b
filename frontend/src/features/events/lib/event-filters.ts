import { ACCESS_KEYS, isAccessKey, type AccessKey } from "@/lib/access-keys";
import { isDayKey } from "@/lib/day";
import type { EventQuery } from "../api/get-events";

/** The Events page's filters, kept in the URL query so a view can be shared and reloaded. */
export type FilterName = "sport" | "area" | "q" | "date" | "access";

const FILTER_NAMES = ["sport", "area", "q", "date", "access"] as const satisfies FilterName[];

/**
 * `?access=stepFree,lift` as the facts asked for, in the facts' own order: unknown keys
 * (an old or mistyped link) are dropped rather than sent for the server to refuse.
 */
export function accessKeys(value: string | null | undefined): AccessKey[] {
  const asked = new Set((value ?? "").split(",").map((key) => key.trim()));
  return ACCESS_KEYS.filter((key) => asked.has(key) && isAccessKey(key));
}

export const ALL = "all";

/** Reads filters from the URL; "all", blanks and impossible dates count as no filter. */
export function filtersFromSearchParams(params: URLSearchParams): EventQuery {
  const read = (name: FilterName) => {
    const value = params.get(name)?.trim();
    return value && value.toLowerCase() !== ALL ? value : undefined;
  };
  const date = read("date");
  const access = accessKeys(params.get("access")).join(",");
  return {
    sport: read("sport"),
    area: read("area"),
    q: read("q"),
    date: date && isDayKey(date) ? date : undefined,
    access: access || undefined,
  };
}

export function hasFilters(filters: EventQuery): boolean {
  return [filters.sport, filters.area, filters.q, filters.date, filters.access].some(Boolean);
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
  for (const name of FILTER_NAMES) next.delete(name);
  return next;
}
