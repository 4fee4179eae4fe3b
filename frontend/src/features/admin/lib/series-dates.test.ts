import { describe, expect, it } from "vitest";
import { describeSeries, isSeriesDay, MAX_SERIES_SESSIONS, seriesDates } from "./series-dates";

describe("series preview", () => {
  it("lists every week's day up to and including the until date", () => {
    const preview = seriesDates({ firstDate: "2026-12-01", intervalWeeks: 1, until: "2026-12-29", skipDates: [] });
    expect(preview.dates).toEqual(["2026-12-01", "2026-12-08", "2026-12-15", "2026-12-22", "2026-12-29"]);
    expect(preview.tooMany).toBe(false);
    const dayBefore = seriesDates({ firstDate: "2026-12-01", intervalWeeks: 1, until: "2026-12-28", skipDates: [] });
    expect(dayBefore.dates.at(-1)).toBe("2026-12-22");
  });

  it("steps two weeks at a time for a fortnightly series", () => {
    const preview = seriesDates({ firstDate: "2026-12-01", intervalWeeks: 2, until: "2027-01-12", skipDates: [] });
    expect(preview.dates).toEqual(["2026-12-01", "2026-12-15", "2026-12-29", "2027-01-12"]);
  });

  it("keeps London calendar days across the clock changes", () => {
    const preview = seriesDates({ firstDate: "2027-03-16", intervalWeeks: 1, until: "2027-04-06", skipDates: [] });
    expect(preview.dates).toEqual(["2027-03-16", "2027-03-23", "2027-03-30", "2027-04-06"]);
    const autumn = seriesDates({ firstDate: "2026-10-18", intervalWeeks: 1, until: "2026-11-01", skipDates: [] });
    expect(autumn.dates).toEqual(["2026-10-18", "2026-10-25", "2026-11-01"]);
  });

  it("leaves out skip dates, and notes skips that are not on the series' days", () => {
    const plan = {
      firstDate: "2026-12-01",
      intervalWeeks: 1 as const,
      until: "2027-01-05",
      skipDates: ["2026-12-22", "2026-12-29", "2026-12-24"],
    };
    const preview = seriesDates(plan);
    expect(preview.dates).toEqual(["2026-12-01", "2026-12-08", "2026-12-15", "2027-01-05"]);
    expect(preview.strayedSkips).toEqual(["2026-12-24"]);
    expect(isSeriesDay(plan, "2026-12-29")).toBe(true);
    expect(isSeriesDay(plan, "2027-01-12")).toBe(false);
    expect(isSeriesDay({ ...plan, intervalWeeks: 2 }, "2026-12-08")).toBe(false);
  });

  it("a first date after the until date creates nothing", () => {
    expect(seriesDates({ firstDate: "2027-01-05", intervalWeeks: 1, until: "2027-01-04", skipDates: [] }).dates).toEqual([]);
  });

  it("allows 104 sessions and flags more", () => {
    // 2027-01-05 + 103 weeks = 2028-12-26.
    const cap = seriesDates({ firstDate: "2027-01-05", intervalWeeks: 1, until: "2028-12-26", skipDates: [] });
    expect(cap.dates).toHaveLength(MAX_SERIES_SESSIONS);
    expect(cap.tooMany).toBe(false);
    const over = seriesDates({ firstDate: "2027-01-05", intervalWeeks: 1, until: "2029-01-02", skipDates: [] });
    expect(over.tooMany).toBe(true);
    const skipped = seriesDates({ firstDate: "2027-01-05", intervalWeeks: 1, until: "2029-01-02", skipDates: ["2027-01-12"] });
    expect(skipped.tooMany).toBe(false);
    expect(skipped.dates).toHaveLength(MAX_SERIES_SESSIONS);
    const forever = seriesDates({ firstDate: "2027-01-05", intervalWeeks: 2, until: "2099-01-01", skipDates: [] });
    expect(forever.tooMany).toBe(true);
    expect(forever.dates).toHaveLength(MAX_SERIES_SESSIONS + 1);
  });

  it("describes the series in words", () => {
    const plan = { firstDate: "2026-12-01", intervalWeeks: 1 as const, until: "2027-03-30", skipDates: [] };
    expect(describeSeries(plan, "18:30", 17)).toBe("every Tuesday 18:30 until 30 March 2027: 17 sessions");
    expect(describeSeries({ ...plan, intervalWeeks: 2 }, "07:00", 1)).toBe(
      "every other Tuesday 07:00 until 30 March 2027: 1 session",
    );
  });
});
