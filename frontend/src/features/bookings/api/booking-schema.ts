import { z } from "zod/mini";
import { eventSchema } from "@/lib/event-schema";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "@/generated/shared-rules/bookings";

export { BOOKING_STATUSES };
export { PAYMENT_STATUSES };

const bookingFields = {
  id: z.string(),
  reference: z.string(),
  eventId: z.string(),
  userId: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  /** Pounds as charged when booked, "12.50". */
  amount: z.string(),
  accessibilityRequirements: z.nullable(z.string()),
  /** The common access needs this booking tells the session's leader (ADR 0023). */
  accessNeeds: z.optional(z.array(z.string())),
  /** They are the copy of the person's shared profile needs, and follow the profile. */
  accessNeedsFromProfile: z.optional(z.boolean()),
  /** A companion comes on a second, free place ("+1 companion"), with their first name if given. */
  companion: z.boolean(),
  companionName: z.nullable(z.string()),
  createdAt: z.string(),
};

/** A booking as POST /api/bookings returns it. */
export const bookingSchema = z.object(bookingFields);

/** With its event, as GET /api/bookings and GET /api/confirm-payment return it. */
export const bookingWithEventSchema = z.object({
  ...bookingFields,
  /** The last moment it may be cancelled (the server's cut-off, ISO). */
  cancellableUntil: z.string(),
  event: eventSchema,
});

export type Booking = z.infer<typeof bookingSchema>;
export type BookingWithEvent = z.infer<typeof bookingWithEventSchema>;

/** Not cancelled: the person holds (or is paying for) a place. */
export function isLive(booking: Pick<Booking, "status">): boolean {
  return booking.status !== "cancelled";
}

/** Every query key that shows participant counts, to refresh after a place is taken or freed. */
export function isEventsQuery(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === "string" && queryKey[0].startsWith("/api/events");
}
