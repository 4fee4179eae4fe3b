import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { seedInitialData } from "@/features/events/api/initial-data";
import { createQueryClient } from "@/lib/query-client";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { UpcomingEvents } from "./upcoming-events";

const upcoming = [
  buildEvent({ title: "Hackney Hoops" }),
  buildEvent({ title: "Camden Yoga" }),
  buildEvent({ title: "Brent Badminton" }),
];

function eventRequests(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([input]) => input).filter((url) => url.startsWith("/api/events"));
}

describe("UpcomingEvents", () => {
  afterEach(() => document.getElementById("initial-data")?.remove());

  it("asks the API for the first three events only", async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === "/api/events" ? json(upcoming) : json({ error: "Not found", code: "not_found" }, 404),
    );
    renderWithProviders(<UpcomingEvents />);
    expect(await screen.findByRole("heading", { name: "Brent Badminton" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Hackney Hoops",
      "Camden Yoga",
      "Brent Badminton",
    ]);
    expect(eventRequests(fetchMock)).toEqual(["/api/events?limit=3"]);
  });

  it("shows the events the server inlined in the page without asking again", async () => {
    const fetchMock = mockFetch(() => json({ error: "Not found", code: "not_found" }, 404));
    const script = document.createElement("script");
    script.id = "initial-data";
    script.type = "application/json";
    script.textContent = JSON.stringify({ upcoming });
    document.head.append(script);
    const queryClient = createQueryClient();
    seedInitialData(queryClient);
    renderWithProviders(<UpcomingEvents />, { queryClient });
    expect(await screen.findByRole("heading", { name: "Hackney Hoops" })).toBeInTheDocument();
    expect(eventRequests(fetchMock)).toEqual([]);
  });
});
