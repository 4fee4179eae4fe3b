import { describe, expect, it } from "vitest";
import { isTimeOfDay, londonDateTime, londonOffsetMinutes, londonToIso } from "./london-time";

describe("London day and time to UTC", () => {
  it("reads winter times as GMT and summer times as BST", () => {
    expect(londonToIso("2026-11-24", "18:30")).toBe("2026-11-24T18:30:00.000Z");
    expect(londonToIso("2026-07-01", "18:30")).toBe("2026-07-01T17:30:00.000Z");
    expect(londonToIso("2026-07-01", "00:30")).toBe("2026-06-30T23:30:00.000Z");
    expect(londonToIso("2027-01-01", "00:00")).toBe("2027-01-01T00:00:00.000Z");
  });

  it("handles the spring change (last Sunday of March, 01:00 GMT becomes 02:00 BST)", () => {
    expect(londonToIso("2026-03-29", "00:59")).toBe("2026-03-29T00:59:00.000Z");
    // 01:30 never happens on the clock: read as the time an hour later, 02:30 BST.
    expect(londonToIso("2026-03-29", "01:30")).toBe("2026-03-29T01:30:00.000Z");
    expect(londonToIso("2026-03-29", "02:00")).toBe("2026-03-29T01:00:00.000Z");
    expect(londonToIso("2026-03-29", "18:30")).toBe("2026-03-29T17:30:00.000Z");
    expect(londonToIso("2026-03-28", "18:30")).toBe("2026-03-28T18:30:00.000Z");
  });

  it("handles the autumn change (last Sunday of October, 02:00 BST becomes 01:00 GMT)", () => {
    expect(londonToIso("2026-10-25", "00:30")).toBe("2026-10-24T23:30:00.000Z");
    // 01:30 happens twice: the first one (BST) is meant.
    expect(londonToIso("2026-10-25", "01:30")).toBe("2026-10-25T00:30:00.000Z");
    expect(londonToIso("2026-10-25", "02:00")).toBe("2026-10-25T02:00:00.000Z");
    expect(londonToIso("2026-10-25", "18:30")).toBe("2026-10-25T18:30:00.000Z");
    expect(londonToIso("2026-10-24", "18:30")).toBe("2026-10-24T17:30:00.000Z");
  });

  it("refuses what is not a day and a time", () => {
    expect(() => londonToIso("2026-02-30", "18:30")).toThrow();
    expect(() => londonToIso("2026-02-03", "24:00")).toThrow();
    expect(() => londonToIso("2026-02-03", "9:00")).toThrow();
    expect(isTimeOfDay("09:05")).toBe(true);
    expect(isTimeOfDay("23:59")).toBe(true);
    expect(isTimeOfDay("7:00")).toBe(false);
  });
});

describe("UTC to London day and time", () => {
  it("shows GMT in winter and BST in summer, crossing midnight", () => {
    expect(londonDateTime("2026-11-24T18:30:00Z")).toEqual({ date: "2026-11-24", time: "18:30" });
    expect(londonDateTime("2026-07-01T17:30:00Z")).toEqual({ date: "2026-07-01", time: "18:30" });
    expect(londonDateTime("2026-06-30T23:30:00Z")).toEqual({ date: "2026-07-01", time: "00:30" });
  });

  it("follows the clock on the change days", () => {
    expect(londonDateTime("2026-03-29T00:59:00Z")).toEqual({ date: "2026-03-29", time: "00:59" });
    expect(londonDateTime("2026-03-29T01:00:00Z")).toEqual({ date: "2026-03-29", time: "02:00" });
    expect(londonDateTime("2026-10-25T00:30:00Z")).toEqual({ date: "2026-10-25", time: "01:30" });
    expect(londonDateTime("2026-10-25T01:30:00Z")).toEqual({ date: "2026-10-25", time: "01:30" });
    expect(londonOffsetMinutes(new Date("2026-10-25T00:59:00Z"))).toBe(60);
    expect(londonOffsetMinutes(new Date("2026-10-25T01:00:00Z"))).toBe(0);
  });

  it("round-trips every quarter hour of both change days", () => {
    for (const day of ["2026-03-29", "2026-10-25", "2027-03-28", "2027-10-31"]) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        const back = londonDateTime(londonToIso(day, time));
        expect(back.date).toBe(day);
        // Only the missing spring hour reads differently: an hour later on the clock.
        if (day.endsWith("-03-29") || day.endsWith("-03-28")) {
          if (time >= "01:00" && time < "02:00") continue;
        }
        expect(back.time).toBe(time);
      }
    }
  });
});
