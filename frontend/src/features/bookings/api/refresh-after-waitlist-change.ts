import type { QueryClient } from "@tanstack/react-query";
import { isEventsQuery } from "@/features/bookings/api/booking-schema";
import { myBookingsQueryKey } from "@/features/bookings/api/get-my-bookings";

/**
 * After any waitlist change: the event's count (a declined place may go back to the event),
 * every entry (their keys start with /api/events) and the person's bookings (a claim adds one).
 */
export function refreshAfterWaitlistChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: myBookingsQueryKey }),
    queryClient.invalidateQueries({ predicate: (query) => isEventsQuery(query.queryKey) }),
  ]);
}
