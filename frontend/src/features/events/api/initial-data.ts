import type { QueryClient } from "@tanstack/react-query";
import {
  eventQueryKey,
  eventsQueryKey,
  eventsSummaryQueryKey,
  HOME_EVENT_COUNT,
} from "@/features/events/api/query-keys";
import { isRecord, readInitialData, type InitialData } from "@/lib/initial-data";

/**
 * The server inlines the page's data as
 * <script id="initial-data" type="application/json">{"upcoming":[...]}</script> (the home
 * page: GET /api/events?limit=3), {"summary":{...}} (the events page: GET /api/events/summary)
 * or {"event":{...}} (an event page: its GET /api/events/{id}), so the first screen needs no
 * round trip.
 */
export function seedInitialData(queryClient: QueryClient, data: InitialData | undefined = readInitialData()): void {
  if (!data) return;
  if (Array.isArray(data.upcoming)) {
    queryClient.setQueryData(eventsQueryKey({ limit: HOME_EVENT_COUNT }), data.upcoming);
  }
  if (isRecord(data.summary)) {
    queryClient.setQueryData(eventsSummaryQueryKey(), data.summary);
  }
  if (isRecord(data.event) && typeof data.event.id === "string") {
    queryClient.setQueryData(eventQueryKey(data.event.id), data.event);
  }
}
