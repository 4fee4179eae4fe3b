import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Routes } from "@/lib/router";
import SignupConfirmPage from "@/app/routes/signup-confirm-page";
import { saveReturnUrl } from "@/lib/return-url";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const page = (
  <Routes>
    <Route path="/signup/confirm" element={<SignupConfirmPage />} />
    <Route path="*" element={<p>Elsewhere</p>} />
  </Routes>
);

async function finish(user: ReturnType<typeof renderWithProviders>["user"], password: string) {
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Finish Signing Up" }));
}

describe("finishing a sign-up (/signup/confirm)", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("sends the link's token with the password, signs in, welcomes and goes to the return address", async () => {
    saveReturnUrl("/booking/42");
    const fetchMock = mockFetch(() => json({ token: "t", user: buildUser({ isEmailVerified: true }) }, 201));
    const { user } = renderWithProviders(page, { route: "/signup/confirm?token=abc123" });
    expect(screen.getByRole("heading", { level: 1, name: "Finish Signing Up" })).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
    await finish(user, "brisk otter 42");
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Welcome to PlaySpace!", expect.objectContaining({ duration: 5000 })),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/register/confirm");
    expect(JSON.parse(init?.body as string)).toEqual({ token: "abc123", password: "brisk otter 42" });
    await waitFor(() => expect(currentUrl()).toBe("/booking/42"));
    expect(localStorage.getItem("signedIn")).toBe("1");
  });

  it("asks for the password before calling the server, and shows the server's word on a wrong one", async () => {
    const fetchMock = mockFetch(() =>
      json(
        {
          error: "Please check the highlighted fields.",
          code: "validation_failed",
          fieldErrors: { password: "That isn't the password you chose when you signed up. Please try again." },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(page, { route: "/signup/confirm?token=abc123" });
    await finish(user, "");
    expect(screen.getByText("Please enter the password you chose")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await finish(user, "not it");
    expect(
      await screen.findByText("That isn't the password you chose when you signed up. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(toast.error).not.toHaveBeenCalled();
    expect(currentUrl()).toBe("/signup/confirm?token=abc123");
  });

  it("offers to sign up again when the link no longer works, with its heading focused", async () => {
    const message =
      "This sign-up link has expired or is no longer valid. Please use the newest link we sent you, or sign up again.";
    mockFetch(() => json({ error: message, code: "invalid_token" }, 400));
    const { user } = renderWithProviders(page, { route: "/signup/confirm?token=old" });
    await finish(user, "brisk otter 42");
    const heading = await screen.findByRole("heading", { level: 1, name: "This Link No Longer Works" });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription(message);
    expect(screen.getByRole("link", { name: "Sign Up Again" })).toHaveAttribute("href", "/signup");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("without a token says so straight away", () => {
    renderWithProviders(page, { route: "/signup/confirm" });
    expect(screen.getByRole("heading", { name: "This Link No Longer Works" })).toBeInTheDocument();
    expect(screen.getByText(/Sign-up links work for 24 hours/)).toBeInTheDocument();
  });

  it("sends someone whose address got an account meanwhile to log in", async () => {
    mockFetch(() =>
      json({ error: "There's already an account for this email address. Please log in.", code: "email_taken" }, 409),
    );
    const { user } = renderWithProviders(page, { route: "/signup/confirm?token=abc123" });
    await finish(user, "brisk otter 42");
    expect(await screen.findByRole("heading", { name: "You Already Have an Account" })).toHaveFocus();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Forgot Your Password?" })).toHaveAttribute("href", "/forgot-password");
  });

  it("says other failures in a toast and keeps the form", async () => {
    mockFetch(() => json({ error: "Something went wrong", code: "internal_error" }, 500));
    const { user } = renderWithProviders(page, { route: "/signup/confirm?token=abc123" });
    await finish(user, "brisk otter 42");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Something went wrong", { duration: 5000 }));
    expect(screen.getByRole("button", { name: "Finish Signing Up" })).toBeEnabled();
  });
});
