import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it, vi } from "vitest";
import AdminPage from "@/app/routes/admin-page";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser, buildVenue } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() } }));

const admin = buildUser({ firstName: "Ada", lastName: "Admin", role: "admin" });
const moderator = buildUser({ firstName: "Mo", lastName: "Leader", role: "moderator" });
const member = buildUser({ role: "user" });

const leaderEvent = {
  id: "e1",
  title: "Wheelchair Basketball",
  description: "All welcome",
  category: "Basketball",
  date: "2026-12-01T18:30:00Z",
  duration: 90,
  location: "Mile End Leisure Centre, Tower Hamlets",
  area: "Tower Hamlets",
  venue: buildVenue({ name: "Mile End Leisure Centre", borough: "Tower Hamlets" }),
  price: "4.00",
  maxParticipants: 12,
  currentParticipants: 5,
  isActive: true,
  companionAllowed: false,
  solidarityPlaces: 0,
  solidarityPlacesLeft: 0,
  leaderId: moderator.id,
  leaderName: "Mo Leader",
  seriesId: null,
  createdAt: "2026-11-01T09:00:00Z",
};

function renderAdmin(route: string, user?: ReturnType<typeof buildUser>) {
  return renderWithProviders(<AdminPage />, { route, path: "/admin", ...(user ? { user } : {}) });
}

describe("the admin gate", () => {
  it("sends a signed-out visitor to /login, to come back to /admin", async () => {
    const fetchMock = mockFetch(() => json({ error: "Not signed in", code: "unauthenticated" }, 401));
    renderAdmin("/admin");
    await waitFor(() => expect(currentUrl()).toBe("/login"));
    expect(localStorage.getItem("returnUrl")).toBe("/admin");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells a member they have no permission, without asking the admin API", () => {
    const fetchMock = mockFetch(() => json({}, 500));
    renderAdmin("/admin", member);
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access the admin dashboard.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Verifying access...' while the admin session is checked", () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderAdmin("/admin", admin);
    expect(screen.getByText("Verifying access...").closest("[role=status]")).toBeInTheDocument();
  });

  it("sends someone without an admin session to /admin/login", async () => {
    mockFetch((url) => (url.pathname === "/api/admin/check-auth" ? json({ authenticated: false }) : json({}, 404)));
    renderAdmin("/admin?tab=users", admin);
    await waitFor(() => expect(currentUrl()).toBe("/admin/login"));
  });

  it("shows a refusal of the check (403) as Access Denied", async () => {
    mockFetch(() => json({ error: "You don't have permission to access the admin dashboard.", code: "forbidden" }, 403));
    renderAdmin("/admin", moderator);
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
  });

  it("shows an admin every tab, and keeps the chosen tab in the address", async () => {
    mockFetch((url) => {
      if (url.pathname === "/api/admin/check-auth") return json({ authenticated: true, role: "admin" });
      if (url.pathname === "/api/admin/registers") return json({ events: [leaderEvent] });
      return new Promise<Response>(() => undefined);
    });
    const { user } = renderAdmin("/admin?tab=registers", admin);
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    const tabs = within(screen.getByRole("tablist", { name: "Admin sections" })).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent.trim())).toEqual([
      "Overview",
      "Users",
      "Events",
      "Venues",
      "Bookings",
      "Blog",
      "Emails",
      "Community",
      "Audit",
      "Registers",
    ]);
    expect(screen.getByRole("tab", { name: "Registers" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("link", { name: "Wheelchair Basketball" })).toHaveAttribute("href", "/admin/register/e1");

    await user.click(screen.getByRole("tab", { name: "Users" }));
    expect(currentUrl()).toBe("/admin?tab=users");
    expect(screen.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Loading users…").closest("[role=status]")).toBeInTheDocument();
  });

  it("shows a moderator the Registers tab and the Blog tab's review queue only", async () => {
    const fetchMock = mockFetch((url) => {
      if (url.pathname === "/api/admin/check-auth") return json({ authenticated: true, role: "moderator" });
      if (url.pathname === "/api/admin/registers") return json({ events: [] });
      if (url.pathname === "/api/admin/blog-posts" && url.searchParams.get("status") === "submitted") {
        return json({ posts: [], nextCursor: null });
      }
      return json({ error: "You don't have permission to access the admin dashboard.", code: "forbidden" }, 403);
    });
    const { user } = renderAdmin("/admin?tab=users", moderator);
    const tablist = await screen.findByRole("tablist", { name: "Admin sections" });
    expect(within(tablist).getAllByRole("tab").map((tab) => tab.textContent.trim())).toEqual(["Registers", "Blog"]);
    expect(await screen.findByRole("heading", { name: "No sessions to register" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Blog" }));
    expect(await screen.findByRole("heading", { name: "No stories waiting for review" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "All posts" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New post" })).not.toBeInTheDocument();
    // Only the queue is asked for: the full list is the admins'.
    const asked = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.includes("/api/admin/blog-posts"));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => url.includes("status=submitted"))).toBe(true);
  });

  it("goes to /admin/login when an admin call says the admin session has ended", async () => {
    mockFetch((url) => {
      if (url.pathname === "/api/admin/check-auth") return json({ authenticated: true, role: "admin" });
      return json({ error: "Please log in to the admin area again.", code: "admin_session_required" }, 401);
    });
    renderAdmin("/admin?tab=users", admin);
    await waitFor(() => expect(currentUrl()).toBe("/admin/login"));
  });

  it("'Leave admin' ends the admin session and goes home", async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === "/api/admin/check-auth") return json({ authenticated: true, role: "admin" });
      if (url.pathname === "/api/admin/logout" && init.method === "POST") return new Response(null, { status: 204 });
      if (url.pathname === "/api/admin/registers") return json({ events: [] });
      return new Promise<Response>(() => undefined);
    });
    const { user } = renderAdmin("/admin?tab=registers", admin);
    await user.click(await screen.findByRole("button", { name: "Leave admin" }));
    await waitFor(() => expect(currentUrl()).toBe("/"));
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/admin/logout" && init?.method === "POST")).toBe(true);
    expect(toast.success).toHaveBeenCalledWith("You left the admin area", expect.anything());
  });
});
