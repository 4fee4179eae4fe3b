import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { WhosGoing } from "./whos-going";

describe("Who's Going", () => {
  it("names those who share it to a member, and says how many keep it private", async () => {
    const fetchMock = mockFetch(() => json({ count: 3, people: [{ name: "Nia", pronouns: "they/them" }] }));
    renderWithProviders(<WhosGoing eventId="e1" />, { user: buildUser() });
    expect(await screen.findByText("3 people are going.")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "People going who share it" });
    expect(list).toHaveTextContent("Nia (they/them)");
    expect(screen.getByText(/And 2 more who keep their attendance private/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "privacy preferences" })).toHaveAttribute("href", "/preferences");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/events/e1/attendees");
  });

  it("gives a visitor the count and a way to log in", async () => {
    mockFetch(() => json({ count: 1, people: [] }));
    renderWithProviders(<WhosGoing eventId="e1" />);
    expect(await screen.findByText("1 person is going.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it("invites the first booking when nobody is going", async () => {
    mockFetch(() => json({ count: 0, people: [] }));
    renderWithProviders(<WhosGoing eventId="e1" />, { user: buildUser() });
    expect(await screen.findByText("Nobody has booked yet. Be the first!")).toBeInTheDocument();
  });
});
