import { z } from "zod/mini";
import { ATTENDANCE } from "./register-schema";
import { fillAbsent, fillAbsentInList, instant, money, oneOf } from "./schema";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "@/generated/shared-rules/bookings";

export { BOOKING_STATUSES };
export { PAYMENT_STATUSES };

export const BOOKING_STATUS_LABELS: Record<string, string> = {
  confirmed: "Confirmed",
  pending: "Pending",
  cancelled: "Cancelled",
};

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  paid: "Paid",
  pending: "Pending",
  failed: "Failed",
  refunded: "Refunded",
};

export const adminBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  eventDate: instant(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  amount: money(),
  /** "+1 companion" on a second, free place, with their first name if given. */
  companion: z.boolean(),
  companionName: z.nullable(z.string()),
  attendance: z.nullable(oneOf(ATTENDANCE)),
  createdAt: instant(),
});

export type AdminBooking = z.infer<typeof adminBookingSchema>;

export function parseAdminBooking(data: unknown): AdminBooking {
  return adminBookingSchema.parse(fillAbsent(data, ["attendance", "companionName"]));
}

const bookingsPageSchema = z.object({
  bookings: z.array(adminBookingSchema),
  nextCursor: z.nullable(z.string()),
  total: z.int(),
});

export type BookingsPage = z.infer<typeof bookingsPageSchema>;

export function parseBookingsPage(data: unknown): BookingsPage {
  return bookingsPageSchema.parse(fillAbsentInList(data, "bookings", ["attendance", "companionName"], ["nextCursor"]));
}

export const adminBookingsPath = "/api/admin/bookings";

/** Only a card payment that was taken can be refunded. */
export function isRefundable(booking: Pick<AdminBooking, "paymentMethod" | "paymentStatus" | "amount">): boolean {
  return booking.paymentMethod === "card" && booking.paymentStatus === "paid" && Number(booking.amount) > 0;
}
