import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";
import { bookingWithEventSchema, isLive, type BookingWithEvent } from "./booking-schema";

/** Invalidate with this prefix; each person's list is cached under their id as well. */
export const myBookingsQueryKey = ["/api/bookings"] as const;

const bookingsSchema = z.array(bookingWithEventSchema);

/** GET /api/bookings: the signed-in person's bookings with their events, soonest first. */
export async function fetchMyBookings(signal?: AbortSignal): Promise<BookingWithEvent[]> {
  const response = await apiRequest("GET", "/api/bookings", { ...(signal ? { signal } : {}) });
  return bookingsSchema.parse(await response.json());
}

export function useMyBookings({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({
    // Keyed by person, so one person's bookings never show to the next one in this tab.
    queryKey: [...myBookingsQueryKey, user?.id],
    queryFn: ({ signal }) => fetchMyBookings(signal),
    enabled: enabled && user !== null,
    // Statuses change on the server (payments, cancellations): ask again on each visit.
    staleTime: 0,
  });
}

/** The person's live (not cancelled) booking for `eventId`, if they have one. */
export function useLiveBookingFor(eventId: string) {
  const bookings = useMyBookings();
  const booking = bookings.data?.find((b) => b.eventId === eventId && isLive(b));
  return { booking, isLoading: bookings.isLoading };
}
