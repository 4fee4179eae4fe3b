import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { saveReturnUrl } from "@/lib/return-url";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";
import { LoginForm } from "./login-form";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

async function submit(user: ReturnType<typeof renderWithProviders>["user"], email: string, password: string) {
  await user.type(screen.getByLabelText("Email Address"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log In" }));
}

describe("LoginForm", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("checks the fields with the spec's messages before calling the server", async () => {
    const fetchMock = mockFetch(() => json({}));
    const { user } = renderWithProviders(<LoginForm />, { route: "/login" });
    await submit(user, "nope", "12345");
    expect(screen.getByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("signs in, remembers only a flag (never the token), and goes to the return address after 100 ms", async () => {
    saveReturnUrl("/booking/42");
    const fetchMock = mockFetch(() => json({ token: "eyJhbGciOiJIUzI1NiJ9.e30.sig", user: buildUser() }));
    const { user } = renderWithProviders(<LoginForm />, { route: "/login" });
    await submit(user, "ana@example.org", "brisk otter 42");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Welcome back, Ana!", { duration: 5000 }));
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      email: "ana@example.org",
      password: "brisk otter 42",
    });
    expect(currentUrl()).toBe("/login");
    await waitFor(() => expect(currentUrl()).toBe("/booking/42"));
    expect(localStorage.getItem("signedIn")).toBe("1");
    expect(localStorage.getItem("returnUrl")).toBeNull();
    const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key));
    expect(stored.join(" ")).not.toContain("eyJ");
  });

  it("goes home when no return address was saved", async () => {
    mockFetch(() => json({ token: "t", user: buildUser() }));
    const { user } = renderWithProviders(<LoginForm />, { route: "/login" });
    await submit(user, "ana@example.org", "brisk otter 42");
    await waitFor(() => expect(currentUrl()).toBe("/"));
  });

  it("shows the server's message for wrong credentials and stays put", async () => {
    mockFetch(() =>
      json(
        {
          error: "We couldn't log you in. Please check your email and password and try again.",
          code: "invalid_credentials",
        },
        401,
      ),
    );
    const { user } = renderWithProviders(<LoginForm />, { route: "/login" });
    await submit(user, "ana@example.org", "wrong password");
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "We couldn't log you in. Please check your email and password and try again.",
        { duration: 5000 },
      ),
    );
    expect(currentUrl()).toBe("/login");
    expect(localStorage.getItem("signedIn")).toBeNull();
  });

  it("refuses an answer without both token and user", async () => {
    mockFetch(() => json({ user: buildUser() }));
    const { user } = renderWithProviders(<LoginForm />, { route: "/login" });
    await submit(user, "ana@example.org", "brisk otter 42");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Invalid response from server", { duration: 5000 }));
  });
});
