import { describe, expect, it } from "vitest";
import { cancellableUntil, canCancelBooking, isCancellationOpen, splitUpcomingPast } from "./booking-times";

const event = (date: string, duration = 60) => ({ date, duration });
const booking = (id: string, date: string, duration = 60, status = "confirmed") => ({ id, status, event: event(date, duration) });

describe("cancellation closes 2 hours before the start", () => {
  const start = "2026-11-24T18:30:00Z";

  it("is open until exactly 2 hours before, as the server rules", () => {
    expect(cancellableUntil(event(start)).toISOString()).toBe("2026-11-24T16:30:00.000Z");
    expect(isCancellationOpen(event(start), new Date("2026-11-24T16:29:59Z"))).toBe(true);
    expect(isCancellationOpen(event(start), new Date("2026-11-24T16:30:00Z"))).toBe(true);
    expect(isCancellationOpen(event(start), new Date("2026-11-24T16:30:01Z"))).toBe(false);
    expect(isCancellationOpen(event(start), new Date("2026-11-24T19:00:00Z"))).toBe(false);
  });

  it("never offers to cancel a cancelled booking", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    expect(canCancelBooking(booking("a", start), now)).toBe(true);
    expect(canCancelBooking(booking("a", start, 60, "pending"), now)).toBe(true);
    expect(canCancelBooking(booking("a", start, 60, "cancelled"), now)).toBe(false);
  });

  it("works across the clocks going back (Europe/London, 25 October 2026)", () => {
    // 01:30 BST on the morning the clocks change is 00:30 UTC; two hours before is 22:30 UTC.
    expect(cancellableUntil(event("2026-10-25T00:30:00Z")).toISOString()).toBe("2026-10-24T22:30:00.000Z");
  });
});

describe("upcoming and past bookings", () => {
  const now = new Date("2026-11-21T12:00:00Z");

  it("puts unfinished events first, soonest first, and past ones most recent first", () => {
    const { upcoming, past } = splitUpcomingPast(
      [
        booking("next-week", "2026-11-28T10:00:00Z"),
        booking("last-month", "2026-10-10T10:00:00Z"),
        booking("tomorrow", "2026-11-22T10:00:00Z"),
        booking("yesterday", "2026-11-20T10:00:00Z"),
      ],
      now,
    );
    expect(upcoming.map((b) => b.id)).toEqual(["tomorrow", "next-week"]);
    expect(past.map((b) => b.id)).toEqual(["yesterday", "last-month"]);
  });

  it("counts a session in progress as upcoming until it ends", () => {
    const inProgress = booking("now", "2026-11-21T11:30:00Z", 60);
    const justEnded = booking("ended", "2026-11-21T10:00:00Z", 120);
    const { upcoming, past } = splitUpcomingPast([inProgress, justEnded], now);
    expect(upcoming.map((b) => b.id)).toEqual(["now"]);
    expect(past.map((b) => b.id)).toEqual(["ended"]);
  });

  it("keeps cancelled bookings in their section", () => {
    const { upcoming } = splitUpcomingPast([booking("x", "2026-11-28T10:00:00Z", 60, "cancelled")], now);
    expect(upcoming).toHaveLength(1);
  });
});
