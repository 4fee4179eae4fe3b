import { useQuery, useQueryClient } from "@tanstack/react-query";
import { eventSchema, type SportEvent } from "./event-schema";
import { eventQueryKey, eventsQueryKey } from "./query-keys";

export { eventQueryKey };

function parseEvent(data: unknown): SportEvent {
  return eventSchema.parse(data);
}

/** One event. While it loads, the copy from an already loaded events list is shown. */
export function useEvent(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: eventQueryKey(id),
    select: parseEvent,
    placeholderData: () => {
      const list = queryClient.getQueryData(eventsQueryKey());
      return Array.isArray(list)
        ? (list as unknown[]).find(
            (item) => typeof item === "object" && item !== null && "id" in item && item.id === id,
          )
        : undefined;
    },
  });
}
