import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildEvent, buildUser } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";
import { EventCard } from "./event-card";

describe("EventCard", () => {
  it("shows the event's details with Free for a zero price", () => {
    const event = buildEvent({ title: "Yoga in the Park", category: "Yoga", price: "0.00", duration: 60 });
    renderWithProviders(<EventCard event={event} />);
    expect(screen.getByRole("heading", { name: "Yoga in the Park" })).toBeInTheDocument();
    expect(screen.getByText("Yoga", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText("Tue, 24 Nov 2026")).toBeInTheDocument();
    expect(screen.getByText("18:30 · 60 minutes")).toBeInTheDocument();
    expect(screen.getByText("Haggerston Park, Hackney")).toBeInTheDocument();
    expect(screen.getByText("5/20 participants")).toBeInTheDocument();
    expect(screen.getByText("Free")).toBeInTheDocument();
    expect(screen.getByRole("img")).toHaveAttribute("width", "800");
  });

  it("shows a paid price in pounds", () => {
    renderWithProviders(<EventCard event={buildEvent({ price: "7.5" })} />);
    expect(screen.getByText("£7.50")).toBeInTheDocument();
  });

  it("sends a signed-out visitor to log in, remembering the booking page", async () => {
    const event = buildEvent();
    const { user } = renderWithProviders(<EventCard event={event} />);
    expect(screen.queryByText("Fully Booked")).not.toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: /^Book Now/ }));
    expect(currentUrl()).toBe("/login");
    expect(localStorage.getItem("returnUrl")).toBe(`/booking/${event.id}`);
  });

  it("sends a signed-in member straight to the booking page", async () => {
    const event = buildEvent();
    const { user } = renderWithProviders(<EventCard event={event} />, { user: buildUser() });
    await user.click(screen.getByRole("link", { name: /^Book Now/ }));
    expect(currentUrl()).toBe(`/booking/${event.id}`);
    expect(localStorage.getItem("returnUrl")).toBeNull();
  });

  it("shows Fully Booked and a disabled button when full", () => {
    renderWithProviders(<EventCard event={buildEvent({ currentParticipants: 20, maxParticipants: 20 })} />);
    expect(screen.getAllByText("Fully Booked")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Fully Booked" })).toBeDisabled();
    expect(screen.queryByRole("link", { name: /^Book Now/ })).not.toBeInTheDocument();
  });

  it("links the title to the event page", () => {
    const event = buildEvent({ title: "Boxing Basics" });
    renderWithProviders(<EventCard event={event} />);
    expect(screen.getByRole("link", { name: "Boxing Basics" })).toHaveAttribute("href", `/events/${event.id}`);
  });
});
