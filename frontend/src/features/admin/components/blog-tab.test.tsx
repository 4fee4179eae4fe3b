import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { BlogTab } from "./blog-tab";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() } }));

const admin = buildUser({ role: "admin" });

function post(overrides: Record<string, unknown> = {}) {
  return {
    id: "s1",
    title: "My first swim in years",
    excerpt: "Getting back in the water with friends.",
    content: "<p>I was nervous walking in.</p><p>The coach met me at the door.</p>",
    category: "Member Story",
    authorName: "Maya",
    isPublished: false,
    publishedAt: null,
    reviewStatus: "pending",
    declineReason: null,
    hasAuthorEmail: true,
    createdAt: "2026-11-20T18:00:00Z",
    updatedAt: "2026-11-20T18:00:00Z",
    ...overrides,
  };
}

const teamPost = post({
  id: "t1",
  title: "New Thursday sessions",
  reviewStatus: null,
  isPublished: true,
  publishedAt: "2026-11-19T09:00:00Z",
  hasAuthorEmail: false,
});

type Sent = { path: string; method: string; body: Record<string, unknown> | null };

function server(answer: (sent: Sent) => Response | null = () => null) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const request = {
      path: url.pathname + url.search,
      method: init.method ?? "GET",
      body: init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null,
    };
    sent.push(request);
    const custom = answer(request);
    if (custom) return custom;
    if (request.path === "/api/admin/blog-posts?status=submitted") return json({ posts: [post()], nextCursor: null });
    if (request.path === "/api/admin/blog-posts?status=all") return json({ posts: [post(), teamPost], nextCursor: null });
    return json({ error: "Not found", code: "not_found" }, 404);
  });
  return sent;
}

describe("Blog tab", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("shows the review queue with the story's text, and every post with its state", async () => {
    server();
    renderWithProviders(<BlogTab role="admin" />, { user: admin });
    const queue = await screen.findByRole("list", { name: "Stories waiting for review" });
    expect(within(queue).getByRole("heading", { name: "My first swim in years" })).toBeInTheDocument();
    expect(within(queue).getByText(/I was nervous walking in\.\s+The coach met me/)).toBeInTheDocument();
    const posts = await screen.findByRole("list", { name: "Blog posts" });
    const [waiting, published] = within(posts).getAllByRole("listitem");
    if (!waiting || !published) throw new Error("two posts expected");
    expect(within(waiting).getByText("Waiting for review")).toBeInTheDocument();
    // A story waiting for review is approved, not published by the switch.
    expect(within(waiting).queryByRole("button", { name: "Publish" })).not.toBeInTheDocument();
    expect(within(published).getByText("Published")).toBeInTheDocument();
    expect(within(published).getByRole("button", { name: "Unpublish" })).toBeInTheDocument();
  });

  it("says when nothing waits for review, and offers Retry when the list fails", async () => {
    server((sent) =>
      sent.path.includes("status=submitted")
        ? json({ posts: [], nextCursor: null })
        : json({ error: "Something went wrong", code: "internal_error" }, 500),
    );
    renderWithProviders(<BlogTab role="admin" />, { user: admin });
    expect(await screen.findByRole("heading", { name: "No stories waiting for review" })).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Couldn't load the blog posts")).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("declines only with a reason, and says the author was emailed", async () => {
    const sent = server((request) =>
      request.method === "POST" && request.path === "/api/admin/blog-posts/s1/decline"
        ? json({ post: post({ reviewStatus: "declined", declineReason: request.body?.reason }), emailed: true })
        : null,
    );
    const { user } = renderWithProviders(<BlogTab role="moderator" />, { user: buildUser({ role: "moderator" }) });
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline this story?" });
    expect(within(dialog).getByText(/Its author will be emailed the reason you give/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Decline story" }));
    expect(await within(dialog).findByText("Please give a reason for declining this story")).toBeInTheDocument();
    expect(sent.some((s) => s.path.endsWith("/decline"))).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), "Please leave out other people's names.");
    await user.click(within(dialog).getByRole("button", { name: "Decline story" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Story declined", expect.objectContaining({ description: "The author has been emailed your reason." })));
    expect(sent.find((s) => s.path.endsWith("/decline"))?.body).toEqual({ reason: "Please leave out other people's names." });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("creates a post with the spec's messages, and shows the server's field errors on failure", async () => {
    let fail = true;
    const sent = server((request) => {
      if (request.method !== "POST" || request.path !== "/api/admin/blog-posts") return null;
      if (fail) {
        return json({ error: "Please check the highlighted fields.", code: "validation_failed", fieldErrors: { title: "Title must be at least 5 characters" } }, 400);
      }
      return json({ post: { ...teamPost, id: "n1", title: request.body?.title, isPublished: false, publishedAt: null } }, 201);
    });
    const { user } = renderWithProviders(<BlogTab role="admin" />, { user: admin });
    await user.click(await screen.findByRole("button", { name: "New post" }));
    const dialog = await screen.findByRole("dialog", { name: "New blog post" });
    await user.click(within(dialog).getByRole("button", { name: "Create post" }));
    expect(await within(dialog).findByText("Title must be at least 5 characters")).toBeInTheDocument();
    expect(within(dialog).getByText("Story content must be at least 50 characters")).toBeInTheDocument();
    expect(within(dialog).getByText("Summary must be at least 20 characters")).toBeInTheDocument();
    expect(within(dialog).getByText("Please select a category")).toBeInTheDocument();
    expect(within(dialog).getByText("Your name must be at least 2 characters")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Title/), "Club news for December");
    await user.type(within(dialog).getByLabelText(/^Author name/), "The team");
    await user.click(within(dialog).getByRole("combobox", { name: /Category/ }));
    // The stories' categories, then the spec's blog categories (news, sports, fitness, community).
    await screen.findByRole("option", { name: "News" });
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Member Story",
      "Wellness",
      "Events",
      "Community",
      "News",
      "Sports",
      "Fitness",
    ]);
    await user.click(screen.getByRole("option", { name: "News" }));
    await user.type(within(dialog).getByLabelText(/^Summary/), "What is on this December.");
    await user.type(within(dialog).getByLabelText(/^Content/), "x".repeat(60));
    await user.click(within(dialog).getByRole("switch", { name: "Publish now" }));
    await user.click(within(dialog).getByRole("button", { name: "Create post" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Creation failed", expect.anything()));

    fail = false;
    await user.click(within(dialog).getByRole("button", { name: "Create post" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Blog post created successfully", expect.objectContaining({ description: "Club news for December (draft)" })),
    );
    const created = sent.filter((s) => s.method === "POST" && s.path === "/api/admin/blog-posts").at(-1);
    expect(created?.body).toEqual({
      title: "Club news for December",
      excerpt: "What is on this December.",
      category: "News",
      content: "x".repeat(60),
      authorName: "The team",
      isPublished: false,
    });
  });
});
