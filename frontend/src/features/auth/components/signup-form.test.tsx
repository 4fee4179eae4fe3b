import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { currentUrl, renderWithProviders } from "@/testing/render";
import { SignUpForm } from "./signup-form";

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

describe("SignUpForm", () => {
  it("has the five sections and links to the terms, privacy policy", () => {
    renderWithProviders(<SignUpForm />, { route: "/signup" });
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

  it("registers with the spec's payload and goes home signed in", async () => {
    const fetchMock = mockFetch(() => json({ token: "t", user: buildUser() }, 201));
    const { user } = renderWithProviders(<SignUpForm />, { route: "/signup" });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(currentUrl()).toBe("/"));
    const body = JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      gender: "prefer-not-to-say",
      fitnessLevel: "advanced",
      howDidYouHear: "social-media",
      sportsInterests: ["Cycling"],
      dateOfBirth: null,
      marketingConsent: false,
    });
    expect(Object.keys(body)).not.toContain("confirmPassword");
    expect(Object.keys(body)).not.toContain("agreeToTerms");
    expect(toast.success).toHaveBeenCalledWith("Welcome to PlaySpace!", expect.anything());
  });

  it("puts the server's field errors under the fields and says the spec's register failure", async () => {
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
    const { user } = renderWithProviders(<SignUpForm />, { route: "/signup" });
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(
      await screen.findByText("This password is too common. Please choose one that is harder to guess."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute("aria-invalid", "true");
    expect(currentUrl()).toBe("/signup");

    mockFetch(() =>
      json(
        {
          error: "We couldn't create your account. Please check your information and try again.",
          code: "registration_failed",
        },
        400,
      ),
    );
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "We couldn't create your account. Please check your information and try again.",
        { duration: 5000 },
      ),
    );
  });
});
