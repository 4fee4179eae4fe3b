import { useQuery, type QueryKey } from "@tanstack/react-query";
import { z } from "zod/mini";
import { eventSchema, type SportEvent } from "./event-schema";

const eventsSchema = z.array(eventSchema);

/** The API's optional filters for GET /api/events. */
export interface EventQuery {
  sport?: string | undefined;
  area?: string | undefined;
  q?: string | undefined;
  /** A Europe/London day, YYYY-MM-DD. */
  date?: string | undefined;
}

/** ["/api/events"] when unfiltered, so the server-inlined first page seeds exactly this key. */
export function eventsQueryKey(query: EventQuery = {}) {
  const params = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return Object.keys(params).length === 0
    ? (["/api/events"] as const)
    : (["/api/events", params] as const);
}

function parseEvents(data: unknown): SportEvent[] {
  return eventsSchema.parse(data);
}

function sportOf(queryKey: QueryKey | undefined): string | undefined {
  const params = queryKey?.[1] as EventQuery | undefined;
  return params?.sport?.toLowerCase();
}

/**
 * Upcoming events, soonest first, narrowed by the API's filters. With `keepPrevious`, the
 * last results stay on screen while a changed search, area or date loads; a different
 * sport shows the loading state instead, since the old list would be for the wrong sport.
 */
export function useEvents(query: EventQuery = {}, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: eventsQueryKey(query),
    select: parseEvents,
    placeholderData: keepPrevious
      ? (previous, previousQuery) =>
          sportOf(previousQuery?.queryKey) === query.sport?.toLowerCase() ? previous : undefined
      : undefined,
  });
}
