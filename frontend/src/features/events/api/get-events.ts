import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { eventSchema, type SportEvent } from "@/lib/event-schema";
import { eventsQueryKey, type EventQuery, type EventsQuery } from "./query-keys";

export { eventsQueryKey, type EventQuery, type EventsQuery };

const eventsSchema = z.array(eventSchema);

function parseEvents(data: unknown): SportEvent[] {
  return eventsSchema.parse(data);
}

/**
 * Upcoming events, soonest first, narrowed by the API's filters. With `keepPrevious`, the
 * last results stay on screen while changed filters load.
 */
export function useEvents(query: EventsQuery = {}, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: eventsQueryKey(query),
    select: parseEvents,
    placeholderData: keepPrevious ? (previous) => previous : undefined,
  });
}
