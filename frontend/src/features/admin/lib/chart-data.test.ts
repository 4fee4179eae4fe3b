import { describe, expect, it } from "vitest";
import type { DashboardCharts } from "../api/get-dashboard-stats";
import { bookingsPerWeekRows, fillRateRows, newMembersRows, paymentMethodRows, turnUpRows } from "./chart-data";
import { pageCount } from "./use-keyset-pager";

const charts: DashboardCharts = {
  bookingsPerWeek: [{ weekStart: "2026-11-16", bookings: 42 }],
  fillRateBySport: [
    { sport: "Football", places: 40, taken: 30 },
    { sport: "Squash", places: 0, taken: 0 },
  ],
  newMembersPerMonth: [{ month: "2026-11", members: 31 }],
  paymentMethods: { cash: 2, card: 1, solidarity: 1 },
  turnUpBySport: [
    { sport: "Yoga", attended: 9, noShow: 1 },
    { sport: "Hiking", attended: 0, noShow: 0 },
  ],
};

describe("chart rows", () => {
  it("labels weeks and months in en-GB", () => {
    expect(bookingsPerWeekRows(charts)).toEqual([{ label: "16 Nov", value: 42, text: "42" }]);
    expect(newMembersRows(charts)[0]?.label).toBe("Nov 26");
  });

  it("computes fill and turn-up rates, with no data instead of dividing by zero", () => {
    expect(fillRateRows(charts)).toEqual([
      { label: "Football", value: 75, text: "75% (30 of 40)" },
      { label: "Squash", value: null, text: "No data (0 of 0)" },
    ]);
    expect(turnUpRows(charts)[0]).toEqual({ label: "Yoga", value: 90, text: "90% (9 of 10)" });
    expect(turnUpRows(charts)[1]?.value).toBeNull();
    expect(paymentMethodRows(charts)).toEqual([
      { label: "Cash", value: 2, text: "2 (50%)" },
      { label: "Card", value: 1, text: "1 (25%)" },
      { label: "Solidarity", value: 1, text: "1 (25%)" },
    ]);
  });

  it("counts pages of 20 for 'Page N of M'", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });
});
