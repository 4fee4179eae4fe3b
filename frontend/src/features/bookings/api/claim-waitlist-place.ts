import { useMutation, useQueryClient } from "@tanstack/react-query";
import { bookingSchema, type Booking } from "@/features/bookings/api/booking-schema";
import { apiRequest } from "@/lib/api-client";
import { refreshAfterWaitlistChange } from "./refresh-after-waitlist-change";
import { waitlistPath } from "./waitlist-schema";

export interface ClaimPlaceInput {
  eventId: string;
  accessibilityRequirements: string;
}

/**
 * POST /api/events/{id}/waitlist/claim: books the place held for the person, as a cash
 * booking (paid on arrival, free sessions cost nothing). 201 with the booking, as POST
 * /api/bookings; 409 {code: no_open_offer | monthly_limit_reached | already_booked |
 * event_started | event_inactive}; 400 for accessibility requirements over 1000 characters.
 */
export async function claimWaitlistPlace({ eventId, accessibilityRequirements }: ClaimPlaceInput): Promise<Booking> {
  const response = await apiRequest("POST", `${waitlistPath(eventId)}/claim`, {
    body: { accessibilityRequirements: accessibilityRequirements.trim() || null },
  });
  return bookingSchema.parse(await response.json());
}

export function useClaimWaitlistPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimWaitlistPlace,
    // Either way: a booking was added, or the offer is no longer what this page shows.
    onSettled: () => void refreshAfterWaitlistChange(queryClient),
  });
}
