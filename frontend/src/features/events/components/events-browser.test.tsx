import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";
import { EventsBrowser } from "./events-browser";

const football = buildEvent({ category: "Football", title: "Hackney Football", location: "Park, Hackney", area: "Hackney" });
const camdenFootball = buildEvent({ category: "Football", title: "Camden Football", location: "Field, Camden", area: "Camden" });
const yoga = buildEvent({ category: "Yoga", title: "Camden Yoga", location: "Hall, Camden", area: "Camden" });
const all = [football, camdenFootball, yoga];

/** A stand-in for the API's filtering: sport and area, case-insensitive; q on the title. */
function serveEvents() {
  return mockFetch((url) => {
    const sport = url.searchParams.get("sport")?.toLowerCase();
    const area = url.searchParams.get("area")?.toLowerCase();
    const q = url.searchParams.get("q")?.toLowerCase();
    return json(
      all.filter(
        (event) =>
          (!sport || event.category.toLowerCase() === sport) &&
          (!area || event.area.toLowerCase() === area) &&
          (!q || event.title.toLowerCase().includes(q)),
      ),
    );
  });
}

describe("EventsBrowser", () => {
  it("shows six placeholders, then the sport grid", async () => {
    serveEvents();
    renderWithProviders(<EventsBrowser />, { route: "/events" });
    const loading = screen.getByText("Loading events…").parentElement;
    // The announcement plus six placeholder cards.
    expect(loading?.children).toHaveLength(7);
    expect(await screen.findByRole("heading", { name: "Choose Your Sport" })).toBeInTheDocument();
    expect(screen.getByText("3 upcoming events")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Clear Sport Filter/ })).not.toBeInTheDocument();
  });

  it("passes URL filters to the API and shows the chosen sport by location", async () => {
    const fetchMock = serveEvents();
    renderWithProviders(<EventsBrowser />, { route: "/events?sport=Football&area=Camden" });
    expect(await screen.findByRole("heading", { name: "Football", level: 2 })).toBeInTheDocument();
    expect(screen.getByText("Choose your preferred location")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Camden", level: 3 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Camden Football" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Hackney Football" })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => input);
    expect(urls).toContain("/api/events?sport=Football&area=Camden");
  });

  it("puts the search text in the URL after a pause and narrows the list", async () => {
    serveEvents();
    const { user } = renderWithProviders(<EventsBrowser />, { route: "/events" });
    await screen.findByRole("heading", { name: "Choose Your Sport" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "yoga");
    await waitFor(() => expect(currentUrl()).toBe("/events?q=yoga"));
    expect(await screen.findByText("1 event match your filters")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Football" })).not.toBeInTheDocument();
  });

  it("clears the sport filter and returns to the sports", async () => {
    serveEvents();
    const { user } = renderWithProviders(<EventsBrowser />, { route: "/events?sport=Yoga&q=camden" });
    await user.click(await screen.findByRole("button", { name: /Clear Sport Filter/ }));
    expect(currentUrl()).toBe("/events?q=camden");
    expect(await screen.findByRole("heading", { name: "Choose Your Sport" })).toBeInTheDocument();
  });

  it("says when nothing matches and clears every filter", async () => {
    serveEvents();
    const { user } = renderWithProviders(<EventsBrowser />, { route: "/events?q=curling&area=Hackney" });
    expect(await screen.findByRole("heading", { name: "No events match your filters" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(currentUrl()).toBe("/events");
    expect(await screen.findByRole("heading", { name: "Choose Your Sport" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  });

  it("shows the server's message when the API rejects a filter", async () => {
    mockFetch((url) =>
      url.search
        ? json({ error: "Unknown area", code: "validation_failed", fieldErrors: { area: "Unknown area" } }, 400)
        : json(all),
    );
    renderWithProviders(<EventsBrowser />, { route: "/events?area=Atlantis" });
    expect(await screen.findByRole("heading", { name: "We couldn't load events" })).toBeInTheDocument();
    expect(screen.getByText("Unknown area")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeInTheDocument();
  });
});
