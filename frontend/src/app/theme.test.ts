import { describe, expect, it } from "vitest";
import html from "../../index.html?raw";
import { DARK_AT_NIGHT_STORAGE_KEY, DARK_HOURS, isDarkHour, THEME_RECHECK_MS, THEME_STORAGE_KEY } from "./theme";

const at = (hours: number, minutes = 0) => new Date(2026, 10, 25, hours, minutes);

describe("the evening dark (spec: dark hours 20:00-06:00, recheck 60 s)", () => {
  it("is dark from 20:00 up to, not including, 06:00 local time", () => {
    expect(DARK_HOURS).toEqual({ from: 20, until: 6 });
    expect(THEME_RECHECK_MS).toBe(60_000);
    expect(isDarkHour(at(19, 59))).toBe(false);
    expect(isDarkHour(at(20, 0))).toBe(true);
    expect(isDarkHour(at(23, 59))).toBe(true);
    expect(isDarkHour(at(0, 0))).toBe(true);
    expect(isDarkHour(at(5, 59))).toBe(true);
    expect(isDarkHour(at(6, 0))).toBe(false);
    expect(isDarkHour(at(12, 0))).toBe(false);
  });

  it("is the rule index.html's first-paint script applies, with the same storage keys", () => {
    expect(html).toContain(`hour >= ${DARK_HOURS.from} || hour < ${DARK_HOURS.until}`);
    expect(html).toContain(`localStorage.getItem("${DARK_AT_NIGHT_STORAGE_KEY}") === "1"`);
    expect(html).toContain(`localStorage.getItem("${THEME_STORAGE_KEY}")`);
  });
});
