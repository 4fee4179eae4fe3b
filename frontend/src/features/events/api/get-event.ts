import { useQuery, useQueryClient } from "@tanstack/react-query";
import { eventSchema, type SportEvent } from "@/lib/event-schema";
import { eventQueryKey, eventsQueryKey } from "./query-keys";

export { eventQueryKey };

function parseEvent(data: unknown): SportEvent {
  return eventSchema.parse(data);
}

function hasId(item: unknown, id: string): boolean {
  return typeof item === "object" && item !== null && "id" in item && item.id === id;
}

/** One event. While it loads, its copy from an already loaded events list is shown. */
export function useEvent(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: eventQueryKey(id),
    select: parseEvent,
    // Every GET /api/events list in the cache (the home page's, a sport's), whatever its params.
    placeholderData: () =>
      queryClient
        .getQueriesData({ queryKey: eventsQueryKey() })
        .flatMap(([, list]) => (Array.isArray(list) ? (list as unknown[]) : []))
        .find((item) => hasId(item, id)),
  });
}
