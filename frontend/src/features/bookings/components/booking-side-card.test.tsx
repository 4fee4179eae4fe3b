import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent, buildUser } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";
import { BookingSideCard } from "./booking-side-card";

describe("BookingSideCard", () => {
  it("asks a visitor to log in, remembering the event", async () => {
    const event = buildEvent();
    const { user } = renderWithProviders(<BookingSideCard event={event} />);
    expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
    expect(screen.getByText("Please log in to book this event.")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Log In" }));
    expect(currentUrl()).toBe("/login");
    expect(localStorage.getItem("returnUrl")).toBe(`/events/${event.id}`);
  });

  it("never says Login Required to a member: it shows the price and the Book Your Spot card", async () => {
    mockFetch(() => json([]));
    const event = buildEvent({ price: "7.50" });
    renderWithProviders(<BookingSideCard event={event} />, {
      user: buildUser({ firstName: "Ana", lastName: "Silva", email: "ana@example.org" }),
    });
    expect(await screen.findByRole("heading", { name: "Book Your Spot" })).toBeInTheDocument();
    expect(screen.queryByText("Login Required")).not.toBeInTheDocument();
    expect(screen.getByText("£7.50")).toBeInTheDocument();
    expect(screen.getByText("Ana Silva")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Proceed to Payment (£7.50)" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Use the full booking form" })).toHaveAttribute("href", `/booking/${event.id}`);
  });

  it("says Event Full to a visitor when there are no places, with a way to log in for the waitlist", async () => {
    const event = buildEvent({ currentParticipants: 20, maxParticipants: 20 });
    const { user } = renderWithProviders(<BookingSideCard event={event} />);
    expect(screen.getByRole("heading", { name: "Event Full" })).toBeInTheDocument();
    expect(screen.getByText("This event is currently fully booked.")).toBeInTheDocument();
    expect(screen.getByText("No spots left")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Browse Other Events" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Log in to join the waitlist" }));
    expect(currentUrl()).toBe("/login");
    expect(localStorage.getItem("returnUrl")).toBe(`/events/${event.id}`);
  });

  it("offers a member the waitlist when there are no places, keeping the Event Full heading", async () => {
    const event = buildEvent({ currentParticipants: 20, maxParticipants: 20 });
    mockFetch((url) => (url.pathname === `/api/events/${event.id}/waitlist` ? json({ entry: null }) : json([])));
    renderWithProviders(<BookingSideCard event={event} />, { user: buildUser() });
    expect(await screen.findByRole("button", { name: "Join the Waitlist" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Event Full" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Book Your Spot" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Log in to join the waitlist" })).not.toBeInTheDocument();
  });

  it("does not say 'No spots left' to the person a place is held for", async () => {
    const event = buildEvent({ currentParticipants: 20, maxParticipants: 20 });
    const heldUntil = new Date(Date.now() + 6 * 3600_000).toISOString();
    mockFetch((url) =>
      url.pathname === `/api/events/${event.id}/waitlist`
        ? json({
            entry: {
              id: "w1",
              eventId: event.id,
              status: "offered",
              position: null,
              offerExpiresAt: heldUntil,
              createdAt: "2026-11-21T12:00:00Z",
            },
          })
        : json([]),
    );
    renderWithProviders(<BookingSideCard event={event} />, { user: buildUser() });
    expect(await screen.findByText("A place is held for you")).toBeInTheDocument();
    expect(screen.queryByText("No spots left")).not.toBeInTheDocument();
  });

  it("says a member who booked a full event has a place", async () => {
    const event = buildEvent({ currentParticipants: 20, maxParticipants: 20 });
    const member = buildUser();
    mockFetch((url) =>
      url.pathname === "/api/bookings"
        ? json([
            {
              id: "b1",
              reference: "PS-7K3Q9M",
              eventId: event.id,
              userId: member.id,
              status: "confirmed",
              paymentStatus: "pending",
              paymentMethod: "cash",
              amount: "0.00",
              accessibilityRequirements: null,
              companion: false,
              companionName: null,
              createdAt: "2026-11-21T12:00:00Z",
              cancellableUntil: "2026-12-01T16:30:00Z",
              event,
            },
          ])
        : json({ entry: null }),
    );
    renderWithProviders(<BookingSideCard event={event} />, { user: member });
    expect(await screen.findByText("You have a place")).toBeInTheDocument();
  });
});
