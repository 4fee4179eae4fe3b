import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { renderWithProviders } from "@/testing/render";
import { ContactForm } from "./contact-form";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

async function fillIn(user: ReturnType<typeof renderWithProviders>["user"]) {
  await user.type(screen.getByLabelText(/First Name/), "Ada");
  await user.type(screen.getByLabelText(/Last Name/), "Lovelace");
  await user.type(screen.getByLabelText(/Email Address/), "ada@example.com");
  await user.click(screen.getByRole("combobox", { name: /Subject/ }));
  await user.click(await screen.findByRole("option", { name: "Accessibility" }));
  await user.type(screen.getByLabelText(/Message/), "Is the venue step-free?");
}

describe("ContactForm", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("says Missing Information and marks the empty fields", async () => {
    const fetchMock = mockFetch(() => json({ message: "ok" }, 201));
    const { user } = renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(toast.error).toHaveBeenCalledWith("Missing Information", { duration: 5000, 
      description: "Please fill in all required fields.",
    });
    expect(screen.getByText("First name is required")).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the message, thanks the visitor and clears the form", async () => {
    const fetchMock = mockFetch(() => json({ message: "Thanks" }, 201));
    const { user } = renderWithProviders(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Message Sent!", { duration: 4000, 
        description: "Thank you for contacting us. We'll get back to you within 24 hours.",
      }),
    );
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      subject: "accessibility",
      message: "Is the venue step-free?",
    });
    expect(screen.getByLabelText(/First Name/)).toHaveValue("");
  });

  it("starts on a subject from the list that a link chose, and ignores any other", () => {
    const { unmount } = renderWithProviders(<ContactForm subject="accessibility" />);
    expect(screen.getByRole("combobox", { name: /Subject/ })).toHaveTextContent("Accessibility");
    unmount();
    renderWithProviders(<ContactForm subject="<script>" />);
    expect(screen.getByRole("combobox", { name: /Subject/ })).toHaveTextContent("Choose a subject");
  });

  it("shows the server's field errors and keeps what was typed", async () => {
    mockFetch(() =>
      json(
        {
          error: "Please correct the highlighted fields",
          code: "validation_failed",
          fieldErrors: { email: "Invalid email address" },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith("Error", { duration: 5000, description: "Please correct the highlighted fields" });
    expect(screen.getByLabelText(/Message/)).toHaveValue("Is the venue step-free?");
  });

  it("uses the fallback message when the server gives none", async () => {
    mockFetch(() => new Response("", { status: 502, statusText: "Bad Gateway" }));
    const { user } = renderWithProviders(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", { duration: 5000, 
        description: "Failed to send message. Please try again.",
      }),
    );
  });
});
