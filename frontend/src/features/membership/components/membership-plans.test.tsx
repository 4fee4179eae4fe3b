import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, type Handler } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { MembershipPlans } from "./membership-plans";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** What GET /api/membership-plans answers (crates/domain/src/plans.rs). */
const PLANS = [
  { id: "community", name: "Community", price: "0.00", period: "month", description: "Try sessions, free.", features: ["2 events per month", "Forum access", "Email updates", "Basic support"], popular: false },
  { id: "active", name: "Active", price: "15.00", period: "month", description: "For regulars.", features: ["Unlimited events", "Priority booking", "Member discounts", "Wellness workshops"], popular: true },
  { id: "champion", name: "Supporter", price: "30.00", period: "month", description: "The extra £15 a month pays for free solidarity places.", features: ["£15 a month funds free solidarity places for others", "Unlimited events"], popular: false },
];

/** Answers the plans request, and hands every other request to `handler`. */
function withPlans(handler: Handler = () => json({})): Handler {
  return (url, init) => (url.pathname === "/api/membership-plans" ? json(PLANS) : handler(url, init));
}

const membership = { id: "m1", plan: "community", status: "active", price: "0.00", startDate: "2026-11-21T12:00:00Z", endDate: null };

describe("MembershipPlans", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("shows the server's three plans: Community free, Active £15.00 per month and Most Popular, Supporter", async () => {
    mockFetch(withPlans());
    renderWithProviders(<MembershipPlans />);
    expect(screen.getByText("Loading the plans…")).toHaveAttribute("role", "status");
    const community = await screen.findByRole("region", { name: "Community" });
    expect(within(community).getByText("Free")).toBeInTheDocument();
    for (const feature of ["2 events per month", "Forum access", "Email updates", "Basic support"]) {
      expect(within(community).getByText(feature)).toBeInTheDocument();
    }
    const active = screen.getByRole("region", { name: "Active" });
    expect(within(active).getByText("£15.00")).toBeInTheDocument();
    expect(within(active).getByText("per month")).toBeInTheDocument();
    expect(within(active).getByText("Most Popular")).toBeInTheDocument();
    for (const feature of ["Unlimited events", "Priority booking", "Member discounts", "Wellness workshops"]) {
      expect(within(active).getByText(feature)).toBeInTheDocument();
    }
    const supporter = screen.getByRole("region", { name: "Supporter" });
    expect(within(supporter).getByText("£30.00")).toBeInTheDocument();
    expect(within(supporter).getByText(/solidarity places/, { selector: "p" })).toBeInTheDocument();
    expect(within(supporter).getByRole("button", { name: "Choose Supporter" })).toBeEnabled();
  });

  it("says when the plans cannot be loaded, and tries again", async () => {
    let fail = true;
    mockFetch((url) => (fail && url.pathname === "/api/membership-plans" ? new Response("", { status: 503 }) : json(PLANS)));
    const { user } = renderWithProviders(<MembershipPlans />);
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent("We couldn't load the plans.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Supporter" })).toBeInTheDocument();
  });

  it("asks a visitor to log in and remembers the page", async () => {
    const fetchMock = mockFetch(withPlans());
    const { user } = renderWithProviders(<MembershipPlans />);
    await user.click(await screen.findByRole("button", { name: "Choose Active" }));
    expect(toast.error).toHaveBeenCalledWith("Login Required", { duration: 5000, description: "Please login to select a membership plan" });
    expect(localStorage.getItem("returnUrl")).toBe("/membership");
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);
  });

  it("creates the free plan at once, saying Processing... meanwhile", async () => {
    let list: unknown[] = [];
    let release: () => void = () => undefined;
    const fetchMock = mockFetch(withPlans(async (_url, init) => {
      if (init.method === "POST") {
        await new Promise<void>((resolve) => (release = resolve));
        list = [membership];
        return json({ membership }, 201);
      }
      return json(list);
    }));
    const { user } = renderWithProviders(<MembershipPlans />, { user: buildUser() });
    await user.click(await screen.findByRole("button", { name: "Choose Community" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Membership Created!", { duration: 4000, 
        description: "Welcome to PlaySpace! You can now access all your membership benefits.",
      }),
    );
    expect(await screen.findByRole("button", { name: "Your Current Plan" })).toBeDisabled();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ plan: "community", price: "0.00" });
  });

  it("says Error with the server's message, or the spec's fallback", async () => {
    mockFetch(withPlans((_url, init) => (init.method === "POST" ? json({ error: "Invalid plan", code: "invalid_plan" }, 400) : json([]))));
    const { user } = renderWithProviders(<MembershipPlans />, { user: buildUser() });
    await user.click(await screen.findByRole("button", { name: "Choose Community" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", { duration: 5000, description: "Invalid plan" }));
    mockFetch(withPlans((_url, init) => (init.method === "POST" ? new Response("", { status: 500 }) : json([]))));
    await user.click(screen.getByRole("button", { name: "Choose Community" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", { duration: 5000, description: "Failed to create membership. Please try again." }),
    );
  });

  it("cancels a paid plan after asking: it runs to its end and won't renew", async () => {
    const paid = { ...membership, plan: "active", price: "15.00", startDate: "2026-11-10T09:00:00Z" };
    let list: unknown[] = [paid];
    const fetchMock = mockFetch(withPlans((url) => {
      if (url.pathname === "/api/memberships/cancel") {
        const ended = { ...paid, endDate: "2099-12-10T09:00:00Z" };
        list = [ended];
        return json({ title: "Plan cancelled", message: "Your Active plan ends on Thursday 10 December 2099, 09:00.", membership: ended });
      }
      return json(list);
    }));
    const { user } = renderWithProviders(<MembershipPlans />, { user: buildUser() });
    await user.click(await screen.findByRole("button", { name: "Cancel plan" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel your Active plan?" });
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole("button", { name: "Keep My Plan" }));
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith("/api/memberships/cancel"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Cancel plan" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes, Cancel Plan" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Plan cancelled", { duration: 4000, description: "Your Active plan ends on Thursday 10 December 2099, 09:00." }),
    );
    const status = await screen.findByText(/until Thursday 10 December 2099\. It won't renew\./);
    expect(status).toHaveAttribute("role", "status");
    expect(screen.queryByRole("button", { name: "Cancel plan" })).not.toBeInTheDocument();
    await waitFor(() => expect(status).toHaveFocus());
  });

  it("offers no cancelling for the free plan, and drops a plan past its end", async () => {
    mockFetch(withPlans(() => json([{ ...membership, plan: "active", endDate: "2020-01-01T00:00:00Z" }])));
    renderWithProviders(<MembershipPlans />, { user: buildUser() });
    await screen.findByRole("button", { name: "Choose Active" });
    expect(screen.queryByText(/You're on the/)).not.toBeInTheDocument();
    mockFetch(withPlans(() => json([membership])));
    renderWithProviders(<MembershipPlans />, { user: buildUser() });
    expect(await screen.findByText(/since/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel plan" })).not.toBeInTheDocument();
  });
});
