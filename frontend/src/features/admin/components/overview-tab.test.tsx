import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { OverviewTab } from "./overview-tab";

const stats = {
  users: { total: 520, newThisMonth: 31, verified: 480 },
  events: { active: 40, upcomingWeek: 9, total: 300 },
  bookings: { total: 4100, pending: 12, paid: 900 },
  revenue: {
    total: "10234.50",
    thisMonth: "812.00",
    bookings: { total: "9000.00", thisMonth: "782.00" },
    memberships: { total: "1234.50", thisMonth: "30.00" },
  },
  solidarity: { placesUsedThisMonth: 0 },
  recentActivity: [],
  charts: {
    bookingsPerWeek: [],
    fillRateBySport: [],
    newMembersPerMonth: [],
    paymentMethods: { cash: 0, card: 0, solidarity: 0 },
    turnUpBySport: [],
  },
};

describe("OverviewTab", () => {
  it("gives the revenue in all and this month, and what bookings and memberships brought in", async () => {
    mockFetch((url) =>
      url.pathname === "/api/admin/dashboard-stats" ? json(stats) : json({ error: "Not found", code: "not_found" }, 404),
    );
    renderWithProviders(<OverviewTab />, { user: buildUser({ role: "admin" }) });
    const figures = within(await screen.findByRole("group", { name: "Revenue" }));
    const row = (label: string) => figures.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(row("Total revenue")).toBe("£10,234.50");
    expect(row("This month")).toBe("£812.00");
    expect(row("Bookings")).toBe("£9,000.00");
    expect(row("Memberships")).toBe("£1,234.50");
  });
});
