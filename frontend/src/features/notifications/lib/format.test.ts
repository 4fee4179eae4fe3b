import { describe, expect, it } from "vitest";
import { badgeText, bellLabel, relativeTime } from "./format";

describe("badgeText", () => {
  it("shows nothing at 0, the count up to 9, and 9+ above 9", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(1)).toBe("1");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
    expect(badgeText(50)).toBe("9+");
  });

  it("names the bell with the exact count", () => {
    expect(bellLabel(0)).toBe("Notifications, none unread");
    expect(bellLabel(12)).toBe("Notifications, 12 unread");
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it.each([
    [0, "now"],
    [59, "now"],
    [60, "1 minute ago"],
    [5 * 60, "5 minutes ago"],
    [5 * 60 + 59, "5 minutes ago"],
    [3600, "1 hour ago"],
    [3 * 3600, "3 hours ago"],
    [24 * 3600, "yesterday"],
    [3 * 24 * 3600, "3 days ago"],
    [7 * 24 * 3600, "last week"],
    [15 * 24 * 3600, "2 weeks ago"],
    [65 * 24 * 3600, "2 months ago"],
    [400 * 24 * 3600, "last year"],
  ])("%i seconds ago reads %s", (seconds, text) => {
    expect(relativeTime(ago(seconds), now)).toBe(text);
  });

  it("reads a time slightly ahead of this clock as now, and nonsense as nothing", () => {
    expect(relativeTime(ago(-30), now)).toBe("now");
    expect(relativeTime("not a date", now)).toBe("");
  });
});
