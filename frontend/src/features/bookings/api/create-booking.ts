import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { bookingSchema, isEventsQuery, type Booking } from "./booking-schema";
import { myBookingsQueryKey } from "./get-my-bookings";

export interface CreateBookingInput {
  userId: string;
  eventId: string;
  /** Sent always: the booking carries what the form says, never more. */
  accessNeeds: readonly string[];
  accessibilityRequirements: string;
  /** A companion on a second, free place, with an optional first name (ADR 0022). */
  companion?: CompanionChoice;
  /** Take one of the session's free solidarity places: no payment step. */
  solidarity?: boolean;
}

/** A companion coming too: their first name is optional. */
export interface CompanionChoice {
  name: string;
}

/** The request's companion fields, as the API takes them. */
export function companionFields(companion: CompanionChoice | undefined) {
  if (!companion) return {};
  return { companion: true, companionName: companion.name.trim() || null };
}

/**
 * POST /api/bookings (pay cash on arrival, or a free session): 201 with the booking and its
 * server-issued reference; 401 signed out; 409 {code: event_full | already_booked |
 * monthly_limit_reached | event_started | event_inactive | no_room_for_companion |
 * no_solidarity_places}; 400 companion_not_allowed | solidarity_not_needed; 404 event_not_found.
 */
export async function createBooking(input: CreateBookingInput): Promise<Booking> {
  const response = await apiRequest("POST", "/api/bookings", {
    body: {
      userId: input.userId,
      eventId: input.eventId,
      accessNeeds: input.accessNeeds,
      accessibilityRequirements: input.accessibilityRequirements.trim() || null,
      ...companionFields(input.companion),
      ...(input.solidarity ? { solidarity: true } : {}),
    },
  });
  return bookingSchema.parse(await response.json());
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // Either way a count may have changed (a place taken, or someone else took the last one).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myBookingsQueryKey });
      void queryClient.invalidateQueries({ predicate: (query) => isEventsQuery(query.queryKey) });
    },
  });
}
