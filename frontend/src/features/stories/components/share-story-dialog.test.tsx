import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { renderWithProviders } from "@/testing/render";
import { ShareStoryDialog } from "./share-story-dialog";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const STORY = "Every Saturday we meet by the café and walk a loop of the park together, slowly.";

async function open(user: ReturnType<typeof renderWithProviders>["user"]) {
  await user.click(screen.getByRole("button", { name: "Share Your Story" }));
  return screen.findByRole("dialog", { name: "Share Your Story" });
}

async function fillIn(user: ReturnType<typeof renderWithProviders>["user"]) {
  await user.type(screen.getByLabelText(/Story Title/), "Park life");
  await user.type(screen.getByLabelText(/Your Name/), "Lee");
  await user.click(screen.getByRole("combobox", { name: /Category/ }));
  await user.click(await screen.findByRole("option", { name: "Community" }));
  await user.type(screen.getByLabelText(/Summary/), "A walking group that waits for everyone.");
  await user.type(screen.getByLabelText(/^Your Story/), STORY);
}

describe("ShareStoryDialog", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("shows each rule's message and sends nothing", async () => {
    const fetchMock = mockFetch(() => json({ message: "ok" }, 201));
    const { user } = renderWithProviders(<ShareStoryDialog />);
    await open(user);
    await user.type(screen.getByLabelText(/Story Title/), "Park");
    await user.click(screen.getByRole("button", { name: "Submit Story" }));
    for (const message of [
      "Title must be at least 5 characters",
      "Story content must be at least 50 characters",
      "Summary must be at least 20 characters",
      "Please select a category",
      "Your name must be at least 2 characters",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the honeypot out of the tab order and the accessibility tree", async () => {
    const { user } = renderWithProviders(<ShareStoryDialog />);
    await open(user);
    const honeypot = document.getElementById("story-website");
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot?.closest("[aria-hidden='true']")).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /Website/ })).toBeNull();
  });

  it("submits, thanks the writer, and closes with the form cleared", async () => {
    const fetchMock = mockFetch(() => json({ message: "Thanks" }, 201));
    const { user } = renderWithProviders(<ShareStoryDialog />);
    await open(user);
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Submit Story" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Story Submitted!", {
        duration: 4000,
        description: "Thank you for sharing your story! Our team will review it and publish it soon.",
      }),
    );
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      title: "Park life",
      excerpt: "A walking group that waits for everyone.",
      category: "Community",
      content: STORY,
      authorName: "Lee",
      website: "",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await open(user);
    expect(screen.getByLabelText(/Story Title/)).toHaveValue("");
  });

  it("says Submission Failed and shows the server's field messages", async () => {
    mockFetch(() =>
      json(
        {
          error: "Please check the highlighted fields.",
          code: "validation_failed",
          fieldErrors: { title: "Title must be at least 5 characters" },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(<ShareStoryDialog />);
    await open(user);
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Submit Story" }));
    expect(await screen.findByText("Title must be at least 5 characters")).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith("Submission Failed", {
      duration: 5000,
      description: "There was an error submitting your story. Please try again.",
    });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("passes on the server's words when the review queue is full or everyone is writing at once", async () => {
    for (const [status, code, error] of [
      [
        409,
        "review_queue_full",
        "We have a lot of stories to read just now, so we can't take new ones for a little while. Please try again in a few days.",
      ],
      [429, "rate_limited", "Lots of people are writing to us right now. Please try again in a few minutes."],
    ] as const) {
      vi.mocked(toast.error).mockClear();
      mockFetch(() => json({ error, code }, status));
      const { user, unmount } = renderWithProviders(<ShareStoryDialog />);
      await open(user);
      await fillIn(user);
      await user.click(screen.getByRole("button", { name: "Submit Story" }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Submission Failed", { duration: 5000, description: error }));
      unmount();
    }
  });
});
