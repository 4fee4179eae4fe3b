import type { QueryClient } from "@tanstack/react-query";
import { eventsQueryKey } from "@/features/events/api/get-events";

/**
 * The server inlines the first page of GET /api/events as
 * <script id="initial-data" type="application/json">{"events":[...]}</script>
 * so the home page can show events without waiting for a round trip.
 */
export function seedInitialData(queryClient: QueryClient): void {
  const element = document.getElementById("initial-data");
  if (!element?.textContent) return;
  try {
    const data: unknown = JSON.parse(element.textContent);
    if (typeof data === "object" && data !== null && "events" in data && Array.isArray(data.events)) {
      queryClient.setQueryData(eventsQueryKey(), data.events);
    }
  } catch {
    // Malformed inline data: the page simply fetches the list itself.
  }
}
