import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent, buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import type { WaitlistEntry } from "../api/waitlist-schema";
import { WaitlistPanel } from "./waitlist-panel";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const member = buildUser({ firstName: "Ana", lastName: "Silva", email: "ana@example.org" });
const event = buildEvent({ title: "Wheelchair Basketball", price: "4.00", currentParticipants: 12, maxParticipants: 12 });
const waitlistUrl = `/api/events/${event.id}/waitlist`;
/** 16:30 London summer time; far enough ahead never to lapse during a test. */
const HELD_UNTIL = "2030-07-02T15:30:00Z";

function entry(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: "w1",
    eventId: event.id,
    status: "waiting",
    position: 1,
    offerExpiresAt: null,
    createdAt: "2026-11-21T12:00:00Z",
    ...overrides,
  };
}

const offered = () => entry({ status: "offered", position: null, offerExpiresAt: HELD_UNTIL });

function booking(overrides: Record<string, unknown> = {}) {
  return {
    id: "b1",
    reference: "PS-7K3Q9M",
    eventId: event.id,
    userId: member.id,
    status: "confirmed",
    paymentStatus: "pending",
    paymentMethod: "cash",
    amount: "4.00",
    accessibilityRequirements: null,
    companion: false,
    companionName: null,
    createdAt: "2026-11-21T12:00:00Z",
    cancellableUntil: "2026-12-01T16:30:00Z",
    ...overrides,
  };
}

type Route = (init: RequestInit) => Response;

/** The server: my bookings (none by default) and the waitlist endpoints as given. */
function server(routes: { get?: Route; post?: Route; del?: Route; claim?: Route; bookings?: Route }) {
  return mockFetch((url, init) => {
    const method = init.method ?? "GET";
    if (url.pathname === "/api/bookings") return routes.bookings?.(init) ?? json([]);
    if (url.pathname === `${waitlistUrl}/claim` && method === "POST" && routes.claim) return routes.claim(init);
    if (url.pathname === waitlistUrl) {
      const route = method === "GET" ? routes.get : method === "POST" ? routes.post : method === "DELETE" ? routes.del : undefined;
      if (route) return route(init);
    }
    return json({ error: "Not found", code: "not_found" }, 404);
  });
}

function renderPanel() {
  const onBrowseOtherEvents = vi.fn();
  const result = renderWithProviders(<WaitlistPanel event={event} onBrowseOtherEvents={onBrowseOtherEvents} />, {
    user: member,
  });
  return { ...result, onBrowseOtherEvents };
}

describe("WaitlistPanel", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("shows a loading skeleton while it checks", () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderPanel();
    expect(screen.getByText("Checking the waitlist…").closest("[role=status]")).toBeInTheDocument();
  });

  it("offers to join a full event, then shows the person's place in the queue with focus on it", async () => {
    let entryNow: WaitlistEntry | null = null;
    const fetchMock = server({
      get: () => json({ entry: entryNow }),
      post: () => {
        entryNow = entry({ position: 3 });
        return json(entryNow, 201);
      },
    });
    const { user, onBrowseOtherEvents } = renderPanel();
    expect(await screen.findByRole("heading", { name: "Event Full" })).toBeInTheDocument();
    expect(screen.getByText("This event is currently fully booked.")).toBeInTheDocument();
    expect(screen.getByText(/we'll email you and hold it for you for 12 hours/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Browse Other Events" }));
    expect(onBrowseOtherEvents).toHaveBeenCalledOnce();

    await user.click(screen.getByRole("button", { name: "Join the Waitlist" }));
    const heading = await screen.findByRole("heading", { name: "You're on the Waitlist" });
    await waitFor(() => expect(heading).toHaveFocus());
    const position = screen.getByText("You're number 3 on the waitlist").closest("[role=status]");
    expect(position).toHaveTextContent("You're number 3 on the waitlist");
    expect(position).toHaveTextContent("2 people are ahead of you.");
    expect(heading).toHaveAccessibleDescription(/You're number 3 on the waitlist/);
    expect(screen.getByText("ana@example.org")).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(
      "You're on the Waitlist",
      expect.objectContaining({ description: "You're number 3 on the waitlist. We'll email you if a place comes up." }),
    );
    expect(fetchMock.mock.calls.some(([url, init]) => url === waitlistUrl && init?.method === "POST")).toBe(true);
  });

  it("says who is next in line, and leaving goes back to Event Full with the server's words", async () => {
    let entryNow: WaitlistEntry = entry({ position: 1 });
    server({
      get: () => json({ entry: entryNow }),
      del: () => {
        entryNow = entry({ status: "left", position: null });
        return json({ message: "You have left the waitlist." });
      },
    });
    const { user } = renderPanel();
    expect(await screen.findByText("You're number 1 on the waitlist")).toBeInTheDocument();
    expect(screen.getByText("You're next in line.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Leave Waitlist" }));
    const heading = await screen.findByRole("heading", { name: "Event Full" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(toast.success).toHaveBeenCalledWith("Left the Waitlist", expect.objectContaining({ description: "You have left the waitlist." }));
    expect(screen.getByText(/joining again puts you at the back/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join the Waitlist" })).toBeEnabled();
  });

  it("shows the server's reason when joining is refused", async () => {
    server({
      get: () => json({ entry: null }),
      post: () => json({ error: "You have already been offered a place for this event.", code: "already_offered" }, 409),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole("button", { name: "Join the Waitlist" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Could Not Join the Waitlist",
        expect.objectContaining({ description: "You have already been offered a place for this event." }),
      ),
    );
  });

  it("shows a held place with its deadline in London time, and claims it as the booking", async () => {
    const fetchMock = server({
      get: () => json({ entry: offered() }),
      claim: () => json(booking({ accessibilityRequirements: "Step-free access" }), 201),
    });
    const { user } = renderPanel();
    const heading = await screen.findByRole("heading", { name: "A place is free for you" });
    expect(heading).not.toHaveFocus();
    expect(heading).toHaveAccessibleDescription(/until Tuesday 2 July 2030, 16:30/);
    expect(screen.getByText("Tuesday 2 July 2030, 16:30")).toHaveAttribute("datetime", HELD_UNTIL);
    expect(screen.getByText("£4.00, pay cash on arrival")).toBeInTheDocument();
    expect(screen.getByText("Ana Silva")).toBeInTheDocument();

    const claimButton = screen.getByRole("button", { name: "Claim My Place" });
    expect(claimButton).toBeDisabled();
    await user.type(screen.getByLabelText(/Accessibility Requirements/), "Step-free access");
    await user.click(screen.getByRole("checkbox", { name: /I agree to the terms and conditions/ }));
    await user.click(claimButton);

    const confirmed = await screen.findByRole("heading", { name: "Booking Confirmed!" });
    await waitFor(() => expect(confirmed).toHaveFocus());
    expect(screen.getByTestId("booking-reference")).toHaveTextContent("PS-7K3Q9M");
    expect(screen.getByText("Pay cash on arrival")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download Calendar" })).toHaveAttribute("href", "/api/bookings/b1/calendar.ics");
    expect(toast.success).toHaveBeenCalledWith(
      "Booking Confirmed!",
      expect.objectContaining({ description: "Your booking reference is PS-7K3Q9M. Check your email for details." }),
    );
    const post = fetchMock.mock.calls.find(([url]) => url === `${waitlistUrl}/claim`);
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ accessNeeds: [], accessibilityRequirements: "Step-free access" });
  });

  it("claims a held place by card: the place is held and the browser goes to the checkout", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { assign, origin: "http://localhost", href: "http://localhost/" });
    const fetchMock = server({
      get: () => json({ entry: offered() }),
      claim: () => json({ sessionId: "cs_9", url: "/checkout/cs_9" }),
    });
    const { user } = renderPanel();
    const payment = await screen.findByRole("group", { name: "Payment Method" });
    const cash = within(payment).getByRole("radio", { name: /Pay cash on arrival/ });
    const card = within(payment).getByRole("radio", { name: /Pay by card now/ });
    expect(cash).toBeChecked();
    await user.click(card);
    expect(screen.getByText("£4.00, pay by card now")).toBeInTheDocument();
    expect(screen.getByText(/We never see or store your card details/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Claim My Place" })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Accessibility Requirements/), "Step-free access");
    await user.click(screen.getByRole("checkbox", { name: /I agree to the terms and conditions/ }));
    await user.click(screen.getByRole("button", { name: "Claim and Pay (£4.00)" }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith("/checkout/cs_9"));
    const heading = await screen.findByRole("heading", { name: "Taking You to Payment" });
    await waitFor(() => expect(heading).toHaveFocus());
    const post = fetchMock.mock.calls.find(([url]) => url === `${waitlistUrl}/claim`);
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      accessNeeds: [],
      accessibilityRequirements: "Step-free access",
      paymentMethod: "card",
    });
    vi.unstubAllGlobals();
  });

  it("offers no payment choice for a free event", async () => {
    server({ get: () => json({ entry: offered() }) });
    renderWithProviders(
      <WaitlistPanel event={{ ...event, price: "0.00" }} onBrowseOtherEvents={vi.fn()} />,
      { user: member },
    );
    expect(await screen.findByRole("button", { name: "Claim My Place" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Payment Method" })).not.toBeInTheDocument();
    expect(screen.getByText("Free")).toBeInTheDocument();
  });

  it("keeps the offer and says Payment Setup Failed when the card checkout cannot start", async () => {
    server({
      get: () => json({ entry: offered() }),
      claim: () => json({ error: "Failed to setup payment. Please try again.", code: "payment_setup_failed" }, 502),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole("radio", { name: /Pay by card now/ }));
    await user.click(screen.getByRole("checkbox", { name: /I agree to the terms and conditions/ }));
    await user.click(screen.getByRole("button", { name: "Claim and Pay (£4.00)" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Payment Setup Failed",
        expect.objectContaining({ description: "Failed to setup payment. Please try again." }),
      ),
    );
    expect(screen.getByRole("heading", { name: "A place is free for you" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Claim and Pay (£4.00)" })).toBeEnabled();
  });

  it("keeps the offer and says why when claiming is refused", async () => {
    server({
      get: () => json({ entry: offered() }),
      claim: () => json({ error: "You have reached your monthly booking limit.", code: "monthly_limit_reached" }, 409),
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Claim My Place" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Booking Failed",
        expect.objectContaining({ description: "You have reached your monthly booking limit." }),
      ),
    );
    expect(screen.getByRole("heading", { name: "A place is free for you" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Claim My Place" })).toBeEnabled();
  });

  it("keeps accessibility requirements within 2000 characters before claiming", async () => {
    const fetchMock = server({ get: () => json({ entry: offered() }) });
    const { user } = renderPanel();
    const box = await screen.findByLabelText(/Accessibility Requirements/);
    await user.click(box);
    await user.paste("a".repeat(2001));
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Claim My Place" }));
    expect(await screen.findByText("Must be at most 2000 characters")).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(fetchMock.mock.calls.some(([url]) => url === `${waitlistUrl}/claim`)).toBe(false);
  });

  it("asks before letting the place go, then says it has passed on", async () => {
    let entryNow = offered();
    const fetchMock = server({
      get: () => json({ entry: entryNow }),
      del: () => {
        entryNow = entry({ status: "expired", position: null });
        return json({ message: "You have left the waitlist." });
      },
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole("button", { name: "Let It Go" }));
    let dialog = screen.getByRole("alertdialog", { name: "Let this place go?" });
    expect(dialog).toHaveTextContent("This cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Keep My Place" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    expect(screen.getByRole("button", { name: "Let It Go" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Let It Go" }));
    dialog = screen.getByRole("alertdialog", { name: "Let this place go?" });
    await user.click(within(dialog).getByRole("button", { name: "Yes, Let It Go" }));
    const heading = await screen.findByRole("heading", { name: "Offer Passed On" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith("Place Passed On", expect.anything());
    expect(screen.queryByRole("button", { name: "Join the Waitlist" })).not.toBeInTheDocument();
  });

  it("says an offer that lapsed or was let go has passed on", async () => {
    server({ get: () => json({ entry: entry({ status: "expired", position: null }) }) });
    renderPanel();
    expect(await screen.findByRole("heading", { name: "Offer Passed On" })).toBeInTheDocument();
    expect(screen.getByText(/gone to the next person on the waitlist/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Browse Other Events" })).toBeInTheDocument();
  });

  it("treats a hold whose deadline has gone as passed on", async () => {
    server({ get: () => json({ entry: entry({ status: "offered", position: null, offerExpiresAt: "2001-01-01T00:00:00Z" }) }) });
    renderPanel();
    expect(await screen.findByRole("heading", { name: "Offer Passed On" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Claim My Place" })).not.toBeInTheDocument();
  });

  it("shows the person's booking instead of the waitlist when they hold a place", async () => {
    server({
      get: () => json({ entry: entry({ status: "claimed", position: null }) }),
      bookings: () => json([{ ...booking(), event }]),
    });
    renderPanel();
    expect(await screen.findByRole("heading", { name: "You're Booked" })).toBeInTheDocument();
    expect(screen.getByText("PS-7K3Q9M")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join the Waitlist" })).not.toBeInTheDocument();
  });

  it("explains why someone who claimed and then cancelled cannot join again", async () => {
    server({
      get: () => json({ entry: entry({ status: "claimed", position: null }) }),
      bookings: () => json([{ ...booking({ status: "cancelled" }), event }]),
    });
    renderPanel();
    expect(await screen.findByText(/the waitlist is closed to you for this event/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Event Full" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join the Waitlist" })).not.toBeInTheDocument();
  });

  it("says when the waitlist cannot be checked, and tries again", async () => {
    let fail = true;
    server({ get: () => (fail ? json({ error: "Something went wrong", code: "internal_error" }, 500) : json({ entry: null })) });
    const { user } = renderPanel();
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't check the waitlist");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("button", { name: "Join the Waitlist" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
