import { useQuery } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";
import { adminEventsPath, parseEventsPage, type EventsPage } from "./admin-event-schema";
import { listKey } from "./schema";

export type EventsWhen = "upcoming" | "past" | "all";

export interface AdminEventsQuery {
  when: EventsWhen;
  q?: string | undefined;
  cursor?: string | undefined;
}

/**
 * GET /api/admin/events?when=upcoming|past|all&q=&cursor= → {events, nextCursor?, total}:
 * upcoming soonest first, past newest first, 20 a page.
 */
export async function fetchAdminEvents(query: AdminEventsQuery, signal?: AbortSignal): Promise<EventsPage> {
  const response = await apiRequest("GET", withQuery(adminEventsPath, { ...query }), signal ? { signal } : {});
  return parseEventsPage(await response.json());
}

export function useAdminEvents(query: AdminEventsQuery) {
  return useQuery({
    queryKey: listKey(adminEventsPath, { ...query }),
    queryFn: ({ signal }) => fetchAdminEvents(query, signal),
    placeholderData: (previous) => previous,
  });
}
