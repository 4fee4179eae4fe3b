import { describe, expect, it } from "vitest";
import { canCancelBooking, splitUpcomingPast } from "./booking-times";

const event = (date: string, duration = 60) => ({ date, duration });
const booking = (id: string, date: string, duration = 60, status = "confirmed") => ({ id, status, event: event(date, duration) });

describe("cancellation follows the server's cut-off", () => {
  const until = "2026-11-24T16:30:00Z";
  const live = (status = "confirmed") => ({ status, cancellableUntil: until });

  it("is open up to and including cancellableUntil", () => {
    expect(canCancelBooking(live(), new Date("2026-11-24T16:29:59Z"))).toBe(true);
    expect(canCancelBooking(live(), new Date("2026-11-24T16:30:00Z"))).toBe(true);
    expect(canCancelBooking(live(), new Date("2026-11-24T16:30:01Z"))).toBe(false);
  });

  it("never offers to cancel a cancelled booking", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    expect(canCancelBooking(live(), now)).toBe(true);
    expect(canCancelBooking(live("pending"), now)).toBe(true);
    expect(canCancelBooking(live("cancelled"), now)).toBe(false);
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
