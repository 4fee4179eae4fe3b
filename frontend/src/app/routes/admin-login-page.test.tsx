import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AdminLoginPage from "@/app/routes/admin-login-page";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() } }));

const admin = buildUser({ role: "admin" });

function renderLogin(user = admin, route = "/admin/login") {
  return renderWithProviders(<AdminLoginPage />, { route, path: "/admin/login", user });
}

describe("the admin login", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("asks for the password when it is empty, without a request", async () => {
    const fetchMock = mockFetch(() => json({}, 500));
    const { user } = renderLogin();
    expect(screen.getByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open Admin Dashboard" }));
    expect(await screen.findByText("Password Required")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute("aria-invalid", "true");
    expect(toast.error).toHaveBeenCalledWith("Password Required", expect.anything());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Access Denied' for a wrong password and empties the box", async () => {
    const fetchMock = mockFetch(() =>
      json({ error: "Invalid admin password. Please try again.", code: "invalid_admin_password" }, 401),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/^Password/), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Open Admin Dashboard" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Access Denied", { duration: 5000, 
        description: "Invalid admin password. Please try again.",
      }),
    );
    expect(screen.getByLabelText(/^Password/)).toHaveValue("");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/login");
    expect(JSON.parse(init?.body as string)).toEqual({ password: "wrong-password" });
    expect(currentUrl()).toBe("/admin/login");
  });

  it("grants access and opens the dashboard", async () => {
    mockFetch(() => json({ authenticated: true, role: "admin" }));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/^Password/), "correct horse");
    await user.click(screen.getByRole("button", { name: "Open Admin Dashboard" }));
    await waitFor(() => expect(currentUrl()).toBe("/admin"));
    expect(toast.success).toHaveBeenCalledWith("Access Granted", expect.anything());
  });

  it("shows the server's words when there were too many attempts", async () => {
    mockFetch(() => json({ error: "Too many attempts. Try again in 5 minutes.", code: "rate_limited" }, 429, { "Retry-After": "300" }));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText(/^Password/), "x");
    await user.click(screen.getByRole("button", { name: "Open Admin Dashboard" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(expect.any(String), { duration: 5000, 
        description: "Too many attempts. Try again in 5 minutes.",
      }),
    );
  });

  it("shows a member 'Access Denied' instead of the form", () => {
    mockFetch(() => json({}, 500));
    renderLogin(buildUser({ role: "user" }));
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access the admin dashboard.")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it("sends a signed-out visitor to /login, to come back here", async () => {
    mockFetch(() => json({}, 401));
    renderWithProviders(<AdminLoginPage />, { route: "/admin/login", path: "/admin/login" });
    await waitFor(() => expect(currentUrl()).toBe("/login"));
    expect(localStorage.getItem("returnUrl")).toBe("/admin/login");
  });
});
