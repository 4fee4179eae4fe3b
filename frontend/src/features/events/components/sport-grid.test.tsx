import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentUrl, renderWithProviders } from "@/testing/render";
import type { SportSummary } from "../api/events-summary-schema";
import { SportGrid } from "./sport-grid";

const sports: SportSummary[] = [
  { category: "Football", eventCount: 5, areas: ["Brent", "Camden", "Hackney", "Lambeth", "Newham"] },
  { category: "Table Tennis", eventCount: 1, areas: ["Camden"] },
];

describe("SportGrid", () => {
  it("shows one card per sport with counts and at most three location badges", () => {
    renderWithProviders(<SportGrid sports={sports} />);
    expect(screen.getByRole("heading", { name: "Choose Your Sport" })).toBeInTheDocument();
    const football = screen.getByRole("heading", { name: "Football" }).closest("div")?.parentElement;
    if (!football) throw new Error("no football card");
    expect(within(football).getByText("5 events · 5 locations")).toBeInTheDocument();
    const badges = within(within(football).getByRole("list", { name: "Locations" })).getAllByRole("listitem");
    expect(badges.map((badge) => badge.textContent)).toEqual(["Brent", "Camden", "Hackney", "+2 more"]);
    expect(screen.getByText("1 event · 1 location")).toBeInTheDocument();
  });

  it("selects a sport through the URL, keeping other filters", async () => {
    const { user } = renderWithProviders(<SportGrid sports={sports} />, { route: "/events?area=Camden" });
    await user.click(screen.getByRole("link", { name: "View Table Tennis Events" }));
    expect(currentUrl()).toBe("/events?area=Camden&sport=Table+Tennis");
  });

  it("uses the sport's picture, falling back to the default one", () => {
    renderWithProviders(
      <SportGrid
        sports={[
          { category: "Curling", eventCount: 1, areas: ["Camden"] },
          { category: "Table Tennis", eventCount: 1, areas: ["Camden"] },
        ]}
      />,
    );
    const [curling, tableTennis] = screen.getAllByRole("img");
    expect(curling).toHaveAttribute("src", expect.stringContaining("default"));
    expect(tableTennis).toHaveAttribute("src", expect.stringContaining("table-tennis"));
  });
});
