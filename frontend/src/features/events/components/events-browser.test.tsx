import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { seedInitialData } from "@/features/events/api/initial-data";
import { createQueryClient } from "@/lib/query-client";
import type { SportEvent } from "@/lib/event-schema";
import type { EventsSummary } from "../api/events-summary-schema";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";
import { EventsBrowser } from "./events-browser";

const football = buildEvent({ category: "Football", title: "Hackney Football", location: "Park, Hackney", area: "Hackney" });
const camdenFootball = buildEvent({ category: "Football", title: "Camden Football", location: "Field, Camden", area: "Camden" });
const yoga = buildEvent({ category: "Yoga", title: "Camden Yoga", location: "Hall, Camden", area: "Camden" });
const all = [football, camdenFootball, yoga];

const distinctSorted = (values: string[]) => [...new Set(values)].sort();

/** GET /api/events/summary's answer for `events` (its sports already one spelling each). */
function summaryOf(events: SportEvent[]): EventsSummary {
  return {
    eventCount: events.length,
    sports: distinctSorted(events.map((event) => event.category)).map((category) => {
      const ofSport = events.filter((event) => event.category === category);
      return { category, eventCount: ofSport.length, areas: distinctSorted(ofSport.map((event) => event.area)) };
    }),
    areas: distinctSorted(events.map((event) => event.area)),
  };
}

/**
 * A stand-in for the API's filtering (sport and area, case-insensitive; q on the title) of
 * GET /api/events and GET /api/events/summary, which takes no sport.
 */
function serveEvents(held?: { url: RegExp; until: Promise<void> }) {
  return mockFetch(async (url) => {
    if (held?.url.test(`${url.pathname}${url.search}`)) await held.until;
    const sport = url.searchParams.get("sport")?.toLowerCase();
    const area = url.searchParams.get("area")?.toLowerCase();
    const q = url.searchParams.get("q")?.toLowerCase();
    const matching = all.filter(
      (event) =>
        (!sport || event.category.toLowerCase() === sport) &&
        (!area || event.area.toLowerCase() === area) &&
        (!q || event.title.toLowerCase().includes(q)),
    );
    if (url.pathname === "/api/events/summary") {
      return sport ? json({ error: "Unknown parameter sport", code: "validation_failed" }, 400) : json(summaryOf(matching));
    }
    return json(matching);
  });
}

function requestedUrls(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([input]) => input).filter((url) => url.startsWith("/api/events"));
}

/**
 * Opens a filter's select. Its code loads when the visitor first reaches for it (a look-alike
 * button stands in until then): hover, wait for the real one, then press it.
 */
async function openSelect(user: UserEvent, name: string) {
  await user.hover(screen.getByRole("combobox", { name }));
  await waitFor(() => expect(screen.getByRole("combobox", { name })).toHaveAttribute("data-state", "closed"));
  await user.click(screen.getByRole("combobox", { name }));
}

describe("EventsBrowser", () => {
  afterEach(() => document.getElementById("initial-data")?.remove());

  it("shows six placeholders, then the sport grid from the summary alone", async () => {
    const fetchMock = serveEvents();
    renderWithProviders(<EventsBrowser />, { route: "/events" });
    const loading = screen.getByText("Loading events…").parentElement;
    // The announcement plus six placeholder cards.
    expect(loading?.children).toHaveLength(7);
    expect(await screen.findByRole("heading", { name: "Choose Your Sport" })).toBeInTheDocument();
    expect(screen.getByText("3 upcoming events")).toBeInTheDocument();
    expect(screen.getByText("2 events · 2 locations")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Clear Sport Filter/ })).not.toBeInTheDocument();
    // The choices and the grid share the one unfiltered summary; no list of events.
    expect(requestedUrls(fetchMock)).toEqual(["/api/events/summary"]);
  });

  it("draws the grid from the summary the server inlined in the page without asking again", async () => {
    const fetchMock = serveEvents();
    const script = document.createElement("script");
    script.id = "initial-data";
    script.type = "application/json";
    script.textContent = JSON.stringify({ summary: summaryOf(all) });
    document.head.append(script);
    const queryClient = createQueryClient();
    seedInitialData(queryClient);
    renderWithProviders(<EventsBrowser />, { route: "/events", queryClient });
    expect(await screen.findByText("3 upcoming events")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Yoga Events" })).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toEqual([]);
  });

  it("passes URL filters to the API and shows the chosen sport by location", async () => {
    const fetchMock = serveEvents();
    renderWithProviders(<EventsBrowser />, { route: "/events?sport=Football&area=Camden" });
    expect(await screen.findByRole("heading", { name: "Football", level: 2 })).toBeInTheDocument();
    expect(screen.getByText("Choose your preferred location")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Camden", level: 3 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Camden Football" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Hackney Football" })).not.toBeInTheDocument();
    expect(screen.getByText("1 event match your filters")).toBeInTheDocument();
    expect(requestedUrls(fetchMock).sort()).toEqual(["/api/events/summary", "/api/events?sport=Football&area=Camden"]);
  });

  it("offers every sport and area of the unfiltered summary while filtered", async () => {
    serveEvents();
    const { user } = renderWithProviders(<EventsBrowser />, { route: "/events?q=yoga" });
    expect(await screen.findByText("1 event match your filters")).toBeInTheDocument();
    await openSelect(user, "Sport");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["All Sports", "Football", "Yoga"]);
    await user.keyboard("{Escape}");
    await openSelect(user, "Area");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["All Areas", "Camden", "Hackney"]);
  });

  it("puts the search text in the URL after a pause and narrows the summary", async () => {
    const fetchMock = serveEvents();
    const { user } = renderWithProviders(<EventsBrowser />, { route: "/events" });
    await screen.findByRole("heading", { name: "Choose Your Sport" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "yoga");
    await waitFor(() => expect(currentUrl()).toBe("/events?q=yoga"));
    expect(await screen.findByText("1 event match your filters")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Football" })).not.toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toEqual(["/api/events/summary", "/api/events/summary?q=yoga"]);
  });

  it("keeps the results on screen while a changed search loads, but not another sport's", async () => {
    let release: () => void = () => undefined;
    const until = new Promise<void>((resolve) => (release = resolve));
    serveEvents({ url: /q=camden|sport=Yoga/, until });
    const { user } = renderWithProviders(<EventsBrowser />, { route: "/events?sport=Football" });
    expect(await screen.findByRole("heading", { name: "Hackney Football" })).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "camden");
    await waitFor(() => expect(currentUrl()).toBe("/events?sport=Football&q=camden"));
    const results = screen.getByText("2 events match your filters").parentElement;
    expect(results).toHaveAttribute("aria-busy", "true");
    expect(results).toHaveClass("opacity-60");

    await openSelect(user, "Sport");
    await user.click(screen.getByRole("option", { name: "Yoga" }));
    expect(await screen.findByText("Loading events…")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Hackney Football" })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole("heading", { name: "Camden Yoga" })).toBeInTheDocument();
  });

  it("clears the sport filter and returns to the sports", async () => {
    serveEvents();
    const { user } = renderWithProviders(<EventsBrowser />, { route: "/events?sport=Yoga&q=camden" });
    await user.click(await screen.findByRole("button", { name: /Clear Sport Filter/ }));
    expect(currentUrl()).toBe("/events?q=camden");
    expect(await screen.findByRole("heading", { name: "Choose Your Sport" })).toBeInTheDocument();
    expect(screen.getByText("2 events match your filters")).toBeInTheDocument();
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
        : json(summaryOf(all)),
    );
    renderWithProviders(<EventsBrowser />, { route: "/events?area=Atlantis" });
    expect(await screen.findByRole("heading", { name: "We couldn't load events" })).toBeInTheDocument();
    expect(screen.getByText("Unknown area")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Clear filters" })).toBeInTheDocument();
  });
});
