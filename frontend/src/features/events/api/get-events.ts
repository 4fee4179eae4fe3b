import { useQuery, type QueryKey } from "@tanstack/react-query";
import { z } from "zod/mini";
import { eventSchema, type SportEvent } from "./event-schema";
import { eventsQueryKey, type EventQuery, type EventsQuery } from "./query-keys";

export { eventsQueryKey, type EventQuery, type EventsQuery };

const eventsSchema = z.array(eventSchema);

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
export function useEvents(query: EventsQuery = {}, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: eventsQueryKey(query),
    select: parseEvents,
    placeholderData: keepPrevious
      ? (previous, previousQuery) =>
          sportOf(previousQuery?.queryKey) === query.sport?.toLowerCase() ? previous : undefined
      : undefined,
  });
}
