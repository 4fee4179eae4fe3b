import { z } from "zod/mini";
import { adminEventSchema, parseAdminEvent } from "./admin-event-schema";
import { fillAbsent, money, oneOf } from "./schema";
import { ATTENDANCE } from "@/generated/shared-rules/bookings";

export { ATTENDANCE };
export type Attendance = (typeof ATTENDANCE)[number];

export const attendeeSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  name: z.string(),
  pronouns: z.nullable(z.string()),
  status: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  amount: money(),
  accessibilityRequirements: z.nullable(z.string()),
  /** The common access needs the person shared for this session (ADR 0023). */
  accessNeeds: z.optional(z.array(z.string())),
  /** "+1 companion" on a second, free place, with their first name if given. */
  companion: z.boolean(),
  companionName: z.nullable(z.string()),
  emergencyContactName: z.nullable(z.string()),
  emergencyContactPhone: z.nullable(z.string()),
  attendance: z.nullable(oneOf(ATTENDANCE)),
});

export type Attendee = z.infer<typeof attendeeSchema>;

const ATTENDEE_NULLABLE = [
  "pronouns",
  "accessibilityRequirements",
  "companionName",
  "emergencyContactName",
  "emergencyContactPhone",
  "attendance",
] as const;

export function parseAttendee(data: unknown): Attendee {
  return attendeeSchema.parse(fillAbsent(data, ATTENDEE_NULLABLE));
}

const registerSchema = z.object({ event: adminEventSchema, attendees: z.array(attendeeSchema) });
export type Register = z.infer<typeof registerSchema>;

export function parseRegister(data: unknown): Register {
  const { event, attendees } = (data ?? {}) as { event?: unknown; attendees?: unknown };
  return registerSchema.parse({
    event: parseAdminEvent(event),
    attendees: Array.isArray(attendees) ? attendees.map(parseAttendee) : attendees,
  });
}

export function registerPath(eventId: string): string {
  return `/api/admin/events/${encodeURIComponent(eventId)}/register`;
}

/** Cash still to collect: an unpaid cash booking for a session that costs something. */
export function owesCash(attendee: Pick<Attendee, "paymentMethod" | "paymentStatus" | "amount">): boolean {
  return attendee.paymentMethod === "cash" && attendee.paymentStatus !== "paid" && Number(attendee.amount) > 0;
}
