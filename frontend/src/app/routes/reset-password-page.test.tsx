import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Routes } from "@/lib/router";
import ResetPasswordPage from "@/app/routes/reset-password-page";
import { json, mockFetch } from "@/testing/fetch-mock";
import { currentUrl, renderWithProviders } from "@/testing/render";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const page = (
  <Routes>
    <Route path="/reset-password" element={<ResetPasswordPage />} />
    <Route path="/login" element={<p>Login page</p>} />
  </Routes>
);

async function choose(user: ReturnType<typeof renderWithProviders>["user"], password: string, confirm: string) {
  await user.type(screen.getByLabelText("New Password"), password);
  await user.type(screen.getByLabelText("Confirm New Password"), confirm);
  await user.click(screen.getByRole("button", { name: "Reset Password" }));
}

describe("reset password page", () => {
  afterEach(() => vi.useRealTimers());

  it("without a token shows Invalid Reset Link with a way to ask again", () => {
    renderWithProviders(page, { route: "/reset-password" });
    expect(screen.getByRole("heading", { name: "Invalid Reset Link" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a New Link" })).toHaveAttribute("href", "/forgot-password");
  });

  it("sends the token and both passwords, then goes to /login after 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch(() =>
      json({ message: "Password reset successful. You can now log in with your new password." }),
    );
    const { user } = renderWithProviders(page, { route: "/reset-password?token=abc123" });
    await choose(user, "new river 77", "new river 77");
    expect(await screen.findByRole("heading", { name: "Password Reset Successful" })).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      token: "abc123",
      password: "new river 77",
      confirmPassword: "new river 77",
    });
    await act(async () => {
      vi.advanceTimersByTime(2500);
      await Promise.resolve();
    });
    expect(currentUrl()).toBe("/reset-password?token=abc123");
    await act(async () => {
      vi.advanceTimersByTime(600);
      await Promise.resolve();
    });
    expect(currentUrl()).toBe("/login");
  });

  it("switches to Invalid Reset Link when the server says the link is invalid or expired", async () => {
    mockFetch(() =>
      json({ error: "This reset link is invalid or has expired. Please request a new one.", code: "invalid_token" }, 400),
    );
    const { user } = renderWithProviders(page, { route: "/reset-password?token=used" });
    await choose(user, "new river 77", "new river 77");
    await waitFor(() => expect(screen.getByRole("heading", { name: "Invalid Reset Link" })).toBeInTheDocument());
  });

  it("says Passwords don't match without calling the server", async () => {
    const fetchMock = mockFetch(() => json({}));
    const { user } = renderWithProviders(page, { route: "/reset-password?token=abc" });
    await choose(user, "new river 77", "new river 78");
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
