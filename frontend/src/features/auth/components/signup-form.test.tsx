import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { currentUrl, renderWithProviders } from "@/testing/render";
import { SignUp } from "./signup-form";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

type User = ReturnType<typeof renderWithProviders>["user"];

async function fillIn(user: User) {
  const box = (name: string) => screen.getByRole("textbox", { name });
  await user.type(box("First Name"), "Ana");
  await user.type(box("Last Name"), "Silva");
  await user.type(box("Email Address"), "ana@example.org");
  await user.type(box("Phone Number"), "07700 900123");
  await user.type(screen.getByLabelText(/^Password/), "brisk otter 42");
  await user.type(screen.getByLabelText(/^Confirm Password/), "brisk otter 42");
  await user.type(box("Address"), "1 Mare Street");
  await user.type(box("City"), "London");
  await user.type(box("Postcode"), "E8 4RP");
  await user.click(screen.getByRole("combobox", { name: "Gender" }));
  await user.click(await screen.findByRole("option", { name: "Prefer not to say" }));
  await user.click(screen.getByRole("radio", { name: /^Advanced/ }));
  await user.click(screen.getByRole("checkbox", { name: "Cycling" }));
  await user.click(screen.getByRole("combobox", { name: "How did you hear about us?" }));
  await user.click(await screen.findByRole("option", { name: "Social media" }));
  await user.click(screen.getByRole("checkbox", { name: /I agree to the/ }));
}

const CHECK_INBOX = { message: "Check your inbox to finish signing up.", email: "ana@example.org" };

describe("SignUp", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("has the five sections and links to the terms, privacy policy", () => {
    renderWithProviders(<SignUp />, { route: "/signup" });
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Account Details",
      "Address",
      "Personal Details",
      "Emergency Contact (optional)",
      "Additional Information",
    ]);
    expect(screen.getByRole("link", { name: /Terms of Service/ })).toHaveAttribute("href", "/terms");
    expect(screen.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "/privacy");
  });

  it("sends the spec's payload, then asks to check the inbox, focused and announced, signed out", async () => {
    const fetchMock = mockFetch(() => json(CHECK_INBOX, 202));
    const { user } = renderWithProviders(<SignUp />, { route: "/signup" });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Check Your Inbox" });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription(
      "We've sent an email to ana@example.org. Open the link in it to finish signing up. It works for 24 hours.",
    );
    expect(screen.queryByRole("heading", { name: "Create Your Account" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    expect(currentUrl()).toBe("/signup");
    expect(localStorage.getItem("signedIn")).toBeNull();
    const body = JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      email: "ana@example.org",
      gender: "prefer-not-to-say",
      fitnessLevel: "advanced",
      howDidYouHear: "social-media",
      sportsInterests: ["Cycling"],
      dateOfBirth: null,
      marketingConsent: false,
    });
    expect(Object.keys(body)).not.toContain("confirmPassword");
    expect(Object.keys(body)).not.toContain("agreeToTerms");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("sends the same sign-up again, and goes back to the form to change the address", async () => {
    const fetchMock = mockFetch(() => json(CHECK_INBOX, 202));
    const { user } = renderWithProviders(<SignUp />, { route: "/signup" });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await user.click(await screen.findByRole("button", { name: "Send It Again" }));
    const said = await screen.findByText("We've sent it again.");
    expect(said.closest("[role=status]")).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(fetchMock.mock.calls[0]?.[1]?.body);

    await user.click(screen.getByRole("button", { name: "Use a Different Email" }));
    const email = await screen.findByRole("textbox", { name: "Email Address" });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue("ana@example.org");
    expect(screen.getByRole("textbox", { name: "First Name" })).toHaveValue("Ana");
  });

  it("puts the server's field errors under the fields, and says other failures", async () => {
    mockFetch(() =>
      json(
        {
          error: "Please check the highlighted fields.",
          code: "validation_failed",
          fieldErrors: { password: "This password is too common. Please choose one that is harder to guess." },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(<SignUp />, { route: "/signup" });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(
      await screen.findByText("This password is too common. Please choose one that is harder to guess."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute("aria-invalid", "true");
    expect(currentUrl()).toBe("/signup");

    mockFetch(() => json({ error: "Too many attempts. Please try again in a few minutes.", code: "rate_limited" }, 429));
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Too many attempts. Please try again in a few minutes.", {
        duration: 5000,
      }),
    );
    mockFetch(() => Promise.reject(new TypeError("offline")));
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "We couldn't create your account. Please check your information and try again.",
        { duration: 5000 },
      ),
    );
    expect(screen.getByRole("heading", { name: "Create Your Account" })).toBeInTheDocument();
  });
});
