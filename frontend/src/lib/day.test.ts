import { describe, expect, it } from "vitest";
import { addMonths, isDayKey, londonDayKey, monthWeeks } from "./day";

describe("calendar days", () => {
  it("takes today's date from London, not UTC", () => {
    expect(londonDayKey(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(londonDayKey(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("accepts only real days", () => {
    expect(isDayKey("2026-02-28")).toBe(true);
    expect(isDayKey("2026-02-30")).toBe(false);
    expect(isDayKey("2026-2-3")).toBe(false);
    expect(isDayKey("tomorrow")).toBe(false);
  });

  it("lays out a month in weeks starting on Sunday", () => {
    const weeks = monthWeeks("2026-12-15");
    // 1 December 2026 is a Tuesday.
    expect(weeks[0]).toEqual([null, null, "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"]);
    expect(weeks.at(-1)).toEqual(["2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", null, null]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("clamps to the end of a shorter month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
  });
});
