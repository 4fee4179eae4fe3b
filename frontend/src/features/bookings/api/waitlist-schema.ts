import { z } from "zod/mini";
import { WAITLIST_STATUSES } from "@/generated/shared-rules/bookings";

/**
 * Where a person stands in an event's waitlist. `left` is someone who left while waiting
 * (they may join again); `expired` covers offers that lapsed and offers they let go.
 */
export { WAITLIST_STATUSES };
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

function asWaitlistStatus(value: string): WaitlistStatus | undefined {
  return WAITLIST_STATUSES.find((status) => status === value);
}

const instant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), "Invalid date"));

// Only schema builders the rest of the app already uses: zod's shared chunk is on the home
// page's budget, and every new builder would add to it.
const entryFields = z.object({
  id: z.string(),
  eventId: z.string(),
  status: z.string().check(z.refine((value) => asWaitlistStatus(value) !== undefined, "Unknown waitlist status")),
  /** 1 = next in line; only while waiting. */
  position: z.nullable(z.int().check(z.refine((value) => value >= 1, "Invalid position"))),
  /** While offered: the place is held until then. */
  offerExpiresAt: z.nullable(instant),
  createdAt: instant,
});

export type WaitlistEntry = Omit<z.infer<typeof entryFields>, "status"> & { status: WaitlistStatus };
export interface WaitlistResponse {
  entry: WaitlistEntry | null;
}

/** One person's entry, as GET and POST /api/events/{id}/waitlist return it. */
export function parseWaitlistEntry(data: unknown): WaitlistEntry {
  const entry = entryFields.parse(data);
  return { ...entry, status: asWaitlistStatus(entry.status) ?? "left" };
}

const responseFields = z.object({ entry: z.nullable(entryFields) });

/** GET /api/events/{id}/waitlist: `{entry}`, null for someone who never joined. */
export function parseWaitlistResponse(data: unknown): WaitlistResponse {
  const { entry } = responseFields.parse(data);
  return { entry: entry && parseWaitlistEntry(entry) };
}

/** The API path of an event's waitlist (also the start of its query key). */
export function waitlistPath(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/waitlist`;
}

/**
 * The person's entry is cached under their id, so one person's place never shows to the
 * next one in this tab. Keys start with /api/events, so anything that refreshes event
 * counts (a booking made or cancelled) refreshes the entry too.
 */
export function waitlistQueryKey(eventId: string, userId?: string) {
  return userId === undefined ? ([waitlistPath(eventId)] as const) : ([waitlistPath(eventId), userId] as const);
}
