import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildEvent } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";
import { SportGrid } from "./sport-grid";

const areas = ["Hackney", "Camden", "Brent", "Lambeth", "Newham"];
const events = [
  ...areas.map((area) => buildEvent({ category: "Football", location: `Park, ${area}`, area })),
  buildEvent({ category: "Table Tennis", location: "Hall, Camden", area: "Camden" }),
];

describe("SportGrid", () => {
  it("shows one card per sport with counts and at most three location badges", () => {
    renderWithProviders(<SportGrid events={events} />);
    expect(screen.getByRole("heading", { name: "Choose Your Sport" })).toBeInTheDocument();
    const football = screen.getByRole("heading", { name: "Football" }).closest("div")?.parentElement;
    if (!football) throw new Error("no football card");
    expect(within(football).getByText("5 events · 5 locations")).toBeInTheDocument();
    const badges = within(within(football).getByRole("list", { name: "Locations" })).getAllByRole("listitem");
    expect(badges.map((badge) => badge.textContent)).toEqual(["Brent", "Camden", "Hackney", "+2 more"]);
    expect(screen.getByText("1 event · 1 location")).toBeInTheDocument();
  });

  it("selects a sport through the URL, keeping other filters", async () => {
    const { user } = renderWithProviders(<SportGrid events={events} />, { route: "/events?area=Camden" });
    await user.click(screen.getByRole("link", { name: "View Table Tennis Events" }));
    expect(currentUrl()).toBe("/events?area=Camden&sport=Table+Tennis");
  });

  it("uses the sport's picture, falling back to the default one", () => {
    renderWithProviders(<SportGrid events={[buildEvent({ category: "Table Tennis" }), buildEvent({ category: "Curling" })]} />);
    const [curling, tableTennis] = screen.getAllByRole("img");
    expect(curling).toHaveAttribute("src", expect.stringContaining("default"));
    expect(tableTennis).toHaveAttribute("src", expect.stringContaining("table-tennis"));
  });
});
