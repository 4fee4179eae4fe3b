import { useMutation, useQueryClient } from "@tanstack/react-query";
import { bookingSchema, type Booking } from "@/features/bookings/api/booking-schema";
import { checkoutSessionSchema, type CheckoutSession } from "@/features/bookings/api/create-checkout-session";
import { apiRequest } from "@/lib/api-client";
import { refreshAfterWaitlistChange } from "./refresh-after-waitlist-change";
import { waitlistPath } from "./waitlist-schema";

export interface ClaimPlaceInput {
  eventId: string;
  accessNeeds: readonly string[];
  accessibilityRequirements: string;
}

/**
 * POST /api/events/{id}/waitlist/claim: books the place held for the person, as a cash
 * booking (paymentMethod left out, meaning cash) (paid on arrival, free sessions cost nothing). 201 with the booking, as POST
 * /api/bookings; 409 {code: no_open_offer | monthly_limit_reached | already_booked |
 * event_started | event_inactive}; 400 for accessibility requirements over 2000 characters
 * or needs off the list.
 */
export async function claimWaitlistPlace({ eventId, accessNeeds, accessibilityRequirements }: ClaimPlaceInput): Promise<Booking> {
  const response = await apiRequest("POST", `${waitlistPath(eventId)}/claim`, {
    body: { accessNeeds, accessibilityRequirements: accessibilityRequirements.trim() || null },
  });
  return bookingSchema.parse(await response.json());
}

/**
 * The same claim paid by card (events with a price): the held place becomes a booking
 * waiting for payment, held 30 minutes, and the answer is {sessionId, url} for the card
 * checkout, as POST /api/create-checkout-session. 400 payment_not_required for a free
 * event; 502 payment_setup_failed (the offer stays open); the same 409s as in cash.
 */
export async function claimWaitlistPlaceByCard({
  eventId,
  accessNeeds,
  accessibilityRequirements,
}: ClaimPlaceInput): Promise<CheckoutSession> {
  const response = await apiRequest("POST", `${waitlistPath(eventId)}/claim`, {
    body: { accessNeeds, accessibilityRequirements: accessibilityRequirements.trim() || null, paymentMethod: "card" },
  });
  return checkoutSessionSchema.parse(await response.json());
}

export function useClaimWaitlistPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimWaitlistPlace,
    // Either way: a booking was added, or the offer is no longer what this page shows.
    onSettled: () => void refreshAfterWaitlistChange(queryClient),
  });
}

export function useClaimWaitlistPlaceByCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimWaitlistPlaceByCard,
    // On success the browser leaves for the checkout: only a failure needs a fresh look.
    onError: () => void refreshAfterWaitlistChange(queryClient),
  });
}
