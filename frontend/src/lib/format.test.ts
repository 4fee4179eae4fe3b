import { afterEach, describe, expect, it } from "vitest";
import { startLocale } from "@/lib/i18n/catalogues";
import {
  formatDayKey,
  formatDuration,
  formatLongDate,
  formatPrice,
  formatShortDate,
  formatTime,
  formatTimeRange,
} from "./format";

describe("formatPrice", () => {
  it("shows Free for a zero price", () => {
    expect(formatPrice("0.00")).toBe("Free");
    expect(formatPrice("0")).toBe("Free");
  });

  it("shows pounds with two decimals", () => {
    expect(formatPrice("12.50")).toBe("£12.50");
    expect(formatPrice("12.5")).toBe("£12.50");
    expect(formatPrice("1200.00")).toBe("£1,200.00");
  });
});

describe("dates and times in London", () => {
  it("uses GMT in winter", () => {
    expect(formatTime("2026-11-24T18:30:00Z")).toBe("18:30");
    expect(formatShortDate("2026-11-24T18:30:00Z")).toBe("Tue, 24 Nov 2026");
    expect(formatLongDate("2026-11-24T18:30:00Z")).toBe("Tuesday 24 November 2026");
  });

  it("uses BST in summer, moving late UTC times to the next London day", () => {
    expect(formatTime("2026-07-01T17:30:00Z")).toBe("18:30");
    expect(formatLongDate("2026-06-30T23:30:00Z")).toBe("Wednesday 1 July 2026");
    expect(formatTime("2026-06-30T23:30:00Z")).toBe("00:30");
  });

  it("formats a time range and a duration in minutes", () => {
    expect(formatTimeRange("2026-11-24T18:30:00Z", 90)).toBe("18:30 – 20:00");
    expect(formatDuration(90)).toBe("90 minutes");
    expect(formatDuration(1)).toBe("1 minute");
  });

  it("formats a calendar day without shifting it", () => {
    expect(formatDayKey("2026-03-29")).toBe("Sunday 29 March 2026");
  });
});

describe("in the reader's language", () => {
  afterEach(async () => {
    await startLocale("en-GB");
  });

  it("writes Arabic dates, times and prices with Western digits, in London time", async () => {
    await startLocale("ar");
    expect(formatTime("2026-07-01T17:30:00Z")).toBe("18:30");
    expect(formatLongDate("2026-11-24T18:30:00Z")).toBe("الثلاثاء، 24 نوفمبر 2026");
    expect(formatPrice("12.5")).toContain("12.50");
    expect(formatPrice("12.5")).toContain("£");
    expect(formatPrice("12.5")).not.toContain("UK");
    expect(formatPrice("0")).toBe("مجانًا");
    expect(formatDuration(1)).toBe("دقيقة واحدة");
    expect(formatDuration(2)).toBe("دقيقتان");
    expect(formatDuration(5)).toBe("5 دقائق");
    expect(formatDuration(90)).toBe("90 دقيقة");
  });

  it("writes Ukrainian dates, prices and plurals", async () => {
    await startLocale("uk");
    expect(formatLongDate("2026-06-30T23:30:00Z")).toBe("середа, 1 липня 2026 р.");
    // Intl separates with no-break spaces.
    expect(formatPrice("1200")).toMatch(/^1\s200,00\s£$/);
    expect(formatPrice("0.00")).toBe("Безкоштовно");
    expect(formatDuration(1)).toBe("1 хвилина");
    expect(formatDuration(3)).toBe("3 хвилини");
    expect(formatDuration(90)).toBe("90 хвилин");
  });
});
