import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { bookingSchema, type Booking } from "./booking-schema";
import { myBookingsQueryKey } from "./get-my-bookings";

export interface BookingNeedsInput {
  bookingId: string;
  accessNeeds: readonly string[];
  accessibilityRequirements: string;
}

/**
 * PUT /api/bookings/{id}/access-needs: what the person's own upcoming booking tells the
 * session's leader. 400 with fieldErrors; 404 booking_not_found; 409 booking_closed
 * (cancelled, or the session has started).
 */
export async function updateBookingNeeds(input: BookingNeedsInput): Promise<Booking> {
  const response = await apiRequest("PUT", `/api/bookings/${encodeURIComponent(input.bookingId)}/access-needs`, {
    body: { accessNeeds: input.accessNeeds, accessibilityRequirements: input.accessibilityRequirements.trim() || null },
  });
  return bookingSchema.parse(await response.json());
}

export function useUpdateBookingNeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingNeeds,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: myBookingsQueryKey }),
  });
}
