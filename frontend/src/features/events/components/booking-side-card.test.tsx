import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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

  it("never says Login Required to a member: it shows the price and links to booking", () => {
    const event = buildEvent({ price: "7.50" });
    renderWithProviders(<BookingSideCard event={event} />, {
      user: buildUser({ firstName: "Ana", lastName: "Silva", email: "ana@example.org" }),
    });
    expect(screen.queryByText("Login Required")).not.toBeInTheDocument();
    expect(screen.getByText("£7.50")).toBeInTheDocument();
    expect(screen.getByText("Ana Silva")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book this session" })).toHaveAttribute("href", `/booking/${event.id}`);
  });

  it("says Event Full when there are no places, signed in or not", () => {
    renderWithProviders(<BookingSideCard event={buildEvent({ currentParticipants: 20, maxParticipants: 20 })} />, {
      user: buildUser(),
    });
    expect(screen.getByRole("heading", { name: "Event Full" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Book this session" })).not.toBeInTheDocument();
  });
});
