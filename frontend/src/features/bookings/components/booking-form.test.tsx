import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent, buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { BookingForm } from "./booking-form";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const member = buildUser({ firstName: "Ana", lastName: "Silva", email: "ana@example.org" });
const known = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@example.org",
  phone: "07700 900123",
  emergencyContact: "Jo Silva",
  emergencyPhone: "07700 900456",
};

describe("BookingForm", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("starts at age 18 and cash, and names the price on the button", () => {
    renderWithProviders(<BookingForm event={buildEvent({ price: "12.50" })} known={known} onBooked={vi.fn()} />, { user: member });
    expect(screen.getByRole("spinbutton", { name: /Age/ })).toHaveValue(18);
    expect(screen.getByRole("radio", { name: /Pay cash on arrival/ })).toBeChecked();
    expect(screen.getByRole("button", { name: "Confirm Booking - £12.50" })).toBeEnabled();
  });

  it("says Event Full and will not submit when no places remain", () => {
    renderWithProviders(
      <BookingForm event={buildEvent({ currentParticipants: 20, maxParticipants: 20 })} known={known} onBooked={vi.fn()} />,
      { user: member },
    );
    expect(screen.getByRole("button", { name: "Event Full" })).toBeDisabled();
  });

  it("links each error to its field and focuses the first", async () => {
    const fetchMock = mockFetch(() => json({}));
    const { user } = renderWithProviders(<BookingForm event={buildEvent()} known={{}} onBooked={vi.fn()} />, { user: member });
    await user.click(screen.getByRole("button", { name: /^Confirm Booking/ }));
    const first = screen.getByRole("textbox", { name: /First Name/ });
    expect(first).toHaveFocus();
    expect(first).toHaveAccessibleDescription("First name is required");
    expect(screen.getByRole("checkbox", { name: /I agree/ })).toHaveAccessibleDescription(
      "You must agree to the terms and conditions",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("books with cash and hands back the server's booking", async () => {
    const onBooked = vi.fn();
    const created = {
      id: "b1",
      reference: "PS-7K3Q9M",
      eventId: "e1",
      userId: member.id,
      status: "confirmed",
      paymentStatus: "pending",
      paymentMethod: "cash",
      amount: "12.50",
      accessibilityRequirements: "Quiet space",
      companion: false,
      companionName: null,
      createdAt: "2026-11-21T12:00:00Z",
    };
    const fetchMock = mockFetch(() => json(created, 201));
    const event = buildEvent({ price: "12.50" });
    const { user } = renderWithProviders(<BookingForm event={event} known={known} onBooked={onBooked} />, { user: member });
    await user.type(screen.getByLabelText(/Accessibility Requirements/), "Quiet space");
    await user.click(screen.getByRole("checkbox", { name: "Step-free access" }));
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Confirm Booking - £12.50" }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(created));
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      userId: member.id,
      eventId: event.id,
      accessNeeds: ["step-free"],
      accessibilityRequirements: "Quiet space",
    });
    expect(toast.success).toHaveBeenCalledWith(
      "Booking Confirmed!",
      expect.objectContaining({ description: "Your booking reference is PS-7K3Q9M. Check your email for details." }),
    );
  });

  it("books a free solidarity place with a companion, with no payment step", async () => {
    const onBooked = vi.fn();
    const created = {
      id: "b2",
      reference: "PS-8K3Q9M",
      eventId: "e1",
      userId: member.id,
      status: "confirmed",
      paymentStatus: "pending",
      paymentMethod: "solidarity",
      amount: "0.00",
      accessibilityRequirements: null,
      companion: true,
      companionName: "Sam",
      createdAt: "2026-11-21T12:00:00Z",
    };
    const fetchMock = mockFetch(() => json(created, 201));
    const event = buildEvent({ price: "5.00", companionAllowed: true, solidarityPlaces: 3, solidarityPlacesLeft: 2 });
    const { user } = renderWithProviders(<BookingForm event={event} known={known} onBooked={onBooked} />, { user: member });
    expect(screen.getByText("2 free places available")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: /Companion's first name/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: /Bring a companion/ }));
    await user.type(screen.getByRole("textbox", { name: /Companion's first name/ }), "Sam");
    await user.click(screen.getByRole("radio", { name: /Use a free solidarity place/ }));
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Confirm Booking - Free" }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(created));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/bookings");
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      userId: member.id,
      eventId: event.id,
      accessNeeds: [],
      accessibilityRequirements: null,
      companion: true,
      companionName: "Sam",
      solidarity: true,
    });
  });

  it("offers neither a companion nor a solidarity place where the session has none", () => {
    renderWithProviders(<BookingForm event={buildEvent({ price: "5.00", solidarityPlaces: 2, solidarityPlacesLeft: 0 })} known={known} onBooked={vi.fn()} />, {
      user: member,
    });
    expect(screen.queryByRole("checkbox", { name: /Bring a companion/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: /solidarity/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/free places? available/)).not.toBeInTheDocument();
  });

  it("keeps the form and says Booking Failed with the server's message", async () => {
    mockFetch(() => json({ error: "You have reached your monthly limit", code: "monthly_limit_reached" }, 409));
    const onBooked = vi.fn();
    const { user } = renderWithProviders(<BookingForm event={buildEvent()} known={known} onBooked={onBooked} />, { user: member });
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: /^Confirm Booking/ }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("You have reached your monthly limit");
    await waitFor(() => expect(alert).toHaveFocus());
    expect(toast.error).toHaveBeenCalledWith(
      "Booking Failed",
      expect.objectContaining({ description: "You have reached your monthly limit" }),
    );
    expect(onBooked).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: /First Name/ })).toHaveValue("Ana");
  });

  it("links the Community plan's monthly limit refusal to the membership plans", async () => {
    const limit = "Your Community plan includes 2 events a month. Upgrade to Active for unlimited bookings.";
    mockFetch(() => json({ error: limit, code: "monthly_limit_reached" }, 409));
    const { user } = renderWithProviders(<BookingForm event={buildEvent()} known={known} onBooked={vi.fn()} />, { user: member });
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: /^Confirm Booking/ }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(limit);
    expect(within(alert).getByRole("link", { name: "See membership plans" })).toHaveAttribute("href", "/membership");
  });

  it("offers no plans for other refusals", async () => {
    mockFetch(() => json({ error: "Sorry, this event is fully booked.", code: "event_full" }, 409));
    const { user } = renderWithProviders(<BookingForm event={buildEvent()} known={known} onBooked={vi.fn()} />, { user: member });
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: /^Confirm Booking/ }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Sorry, this event is fully booked.");
    expect(within(alert).queryByRole("link")).toBeNull();
  });

  it("says 'Booking failed' when the server refused without a reason", async () => {
    mockFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const { user } = renderWithProviders(<BookingForm event={buildEvent()} known={known} onBooked={vi.fn()} />, { user: member });
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: /^Confirm Booking/ }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Booking Failed");
    expect(alert).toHaveTextContent("Booking failed");
    expect(toast.error).toHaveBeenCalledWith("Booking Failed", expect.objectContaining({ description: "Booking failed" }));
  });

  it("falls back to 'Please try again or contact support.' when no answer came", async () => {
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const { user } = renderWithProviders(<BookingForm event={buildEvent()} known={known} onBooked={vi.fn()} />, { user: member });
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: /^Confirm Booking/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Booking Failed",
        expect.objectContaining({ description: "Please try again or contact support." }),
      ),
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Please try again or contact support.");
  });

  it("pays by card through the checkout", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { assign, origin: "http://localhost", href: "http://localhost/" });
    const fetchMock = mockFetch(() => json({ sessionId: "cs_1", url: "/checkout/cs_1" }));
    const { user } = renderWithProviders(<BookingForm event={buildEvent({ price: "5.00" })} known={known} onBooked={vi.fn()} />, {
      user: member,
    });
    await user.click(screen.getByRole("radio", { name: /Pay by card now/ }));
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Confirm Booking - £5.00" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/checkout/cs_1"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/create-checkout-session");
    expect(screen.getByRole("button", { name: "Processing Booking..." })).toBeDisabled();
  });

  it("offers no card payment for a free session", () => {
    renderWithProviders(<BookingForm event={buildEvent({ price: "0.00" })} known={known} onBooked={vi.fn()} />, { user: member });
    expect(screen.getByRole("radio", { name: /Pay by card now/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Confirm Booking - Free" })).toBeEnabled();
  });
});
