import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent, buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { BookYourSpotCard } from "./book-your-spot-card";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const member = buildUser({ firstName: "Ana", lastName: "Silva", email: "ana@example.org" });

function booking(overrides: Record<string, unknown> = {}) {
  return {
    id: "b1",
    reference: "PS-7K3Q9M",
    eventId: "e1",
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
    ...overrides,
  };
}

describe("BookYourSpotCard", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("shows the event, the person and the price, and waits for the terms", async () => {
    mockFetch(() => json([]));
    const event = buildEvent({ price: "7.5", currentParticipants: 5, maxParticipants: 20 });
    const { user } = renderWithProviders(<BookYourSpotCard event={event} />, { user: member });
    expect(await screen.findByRole("heading", { name: "Book Your Spot" })).toBeInTheDocument();
    expect(screen.getByText(event.title)).toBeInTheDocument();
    expect(screen.getByText("5/20")).toBeInTheDocument();
    expect(screen.getByText("£7.50 per person")).toBeInTheDocument();
    expect(screen.getByText("Ana Silva")).toBeInTheDocument();
    expect(screen.getByText("ana@example.org")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /terms and conditions/ })).toHaveAttribute("href", "/terms");
    const proceed = screen.getByRole("button", { name: "Proceed to Payment (£7.50)" });
    expect(proceed).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: /I agree to the terms and conditions/ }));
    expect(proceed).toBeEnabled();
  });

  it("starts the card checkout and goes there", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { assign, origin: "http://localhost", href: "http://localhost/" });
    const fetchMock = mockFetch((url) =>
      url.pathname === "/api/create-checkout-session"
        ? json({ sessionId: "cs_1", url: "/checkout/cs_1" })
        : json([]),
    );
    const event = buildEvent({ price: "8.00" });
    const { user } = renderWithProviders(<BookYourSpotCard event={event} />, { user: member });
    await user.type(await screen.findByLabelText(/Accessibility Requirements/), "Step-free access");
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Proceed to Payment (£8.00)" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/checkout/cs_1"));
    const call = fetchMock.mock.calls.find(([input]) => input === "/api/create-checkout-session");
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      eventId: event.id,
      accessNeeds: [],
      accessibilityRequirements: "Step-free access",
    });
    expect(screen.getByRole("button", { name: "Setting up payment..." })).toBeDisabled();
  });

  it("says Payment Setup Failed with the server's message, or the spec's fallback", async () => {
    mockFetch((url) =>
      url.pathname === "/api/create-checkout-session"
        ? json({ error: "This event is fully booked", code: "event_full" }, 409)
        : json([]),
    );
    const { user } = renderWithProviders(<BookYourSpotCard event={buildEvent({ price: "8.00" })} />, { user: member });
    await user.click(await screen.findByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Proceed to Payment (£8.00)" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Payment Setup Failed", expect.objectContaining({ description: "This event is fully booked" })),
    );
    expect(screen.getByRole("button", { name: "Proceed to Payment (£8.00)" })).toBeEnabled();
  });

  it("falls back to 'Failed to setup payment. Please try again.' when the server says nothing useful", async () => {
    mockFetch((url) => (url.pathname === "/api/create-checkout-session" ? new Response("", { status: 502 }) : json([])));
    const { user } = renderWithProviders(<BookYourSpotCard event={buildEvent({ price: "8.00" })} />, { user: member });
    await user.click(await screen.findByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Proceed to Payment (£8.00)" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Payment Setup Failed",
        expect.objectContaining({ description: "Failed to setup payment. Please try again." }),
      ),
    );
  });

  it("books a free event at once and shows the server's reference", async () => {
    const fetchMock = mockFetch((url, init) =>
      url.pathname === "/api/bookings" && init.method === "POST" ? json(booking(), 201) : json([]),
    );
    const event = buildEvent({ price: "0.00" });
    const { user } = renderWithProviders(<BookYourSpotCard event={event} />, { user: member });
    await user.click(await screen.findByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Book Free Place" }));
    expect(await screen.findByRole("heading", { name: "Booking Confirmed!" })).toHaveFocus();
    expect(screen.getByText("PS-7K3Q9M")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download Calendar" })).toHaveAttribute("href", "/api/bookings/b1/calendar.ics");
    expect(screen.getByRole("link", { name: "Download Calendar" })).toHaveAttribute("download", "PS-7K3Q9M.ics");
    expect(toast.success).toHaveBeenCalledWith(
      "Booking Confirmed!",
      expect.objectContaining({ description: "Your booking reference is PS-7K3Q9M. Check your email for details." }),
    );
    const post = fetchMock.mock.calls.find(([input, init]) => input === "/api/bookings" && init?.method === "POST");
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      userId: member.id,
      eventId: event.id,
      accessNeeds: [],
      accessibilityRequirements: null,
    });
  });

  it("fills in access needs only when the member chose to share them, and sends what the form says", async () => {
    for (const shareWithLeader of [true, false]) {
      const fetchMock = mockFetch((url, init) =>
        url.pathname === "/api/user/access-needs"
          ? json({ needs: ["quiet-space"], note: "A chair by the door", shareWithLeader })
          : url.pathname === "/api/bookings" && init.method === "POST"
            ? json(booking(), 201)
            : json([]),
      );
      const event = buildEvent({ price: "0.00" });
      const { user, unmount } = renderWithProviders(<BookYourSpotCard event={event} />, { user: member });
      const quiet = await screen.findByRole("checkbox", { name: "A quiet space" });
      const box = screen.getByLabelText(/Accessibility Requirements/);
      if (shareWithLeader) {
        await waitFor(() => expect(quiet).toBeChecked());
        expect(box).toHaveValue("A chair by the door");
        expect(screen.getByText(/filled it in from your profile/)).toBeInTheDocument();
        await user.click(screen.getByRole("checkbox", { name: "Large print" }));
      } else {
        await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => input === "/api/user/access-needs")).toBe(true));
        expect(quiet).not.toBeChecked();
        expect(box).toHaveValue("");
      }
      expect(screen.getByText(/Only this session's leader and our admins see what you tick or write here/)).toBeInTheDocument();
      await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
      await user.click(screen.getByRole("button", { name: "Book Free Place" }));
      await screen.findByRole("heading", { name: "Booking Confirmed!" });
      const post = fetchMock.mock.calls.find(([input, init]) => input === "/api/bookings" && init?.method === "POST");
      expect(JSON.parse(post?.[1]?.body as string)).toEqual({
        userId: member.id,
        eventId: event.id,
        accessNeeds: shareWithLeader ? ["quiet-space", "large-print"] : [],
        accessibilityRequirements: shareWithLeader ? "A chair by the door" : null,
      });
      unmount();
    }
  });

  it("shows an existing booking instead of a second checkout", async () => {
    const event = buildEvent({ price: "8.00" });
    mockFetch(() => json([booking({ eventId: event.id, amount: "8.00", paymentStatus: "paid", paymentMethod: "card", event })]));
    renderWithProviders(<BookYourSpotCard event={event} />, { user: member });
    expect(await screen.findByRole("heading", { name: "You're Booked" })).toBeInTheDocument();
    expect(screen.getByText("PS-7K3Q9M")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Proceed to Payment/ })).not.toBeInTheDocument();
  });
});
