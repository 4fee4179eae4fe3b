import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { renderWithProviders } from "@/testing/render";
import BlogPage from "./blog-page";

function story(n: number) {
  return {
    id: `s${n}`,
    title: `Story number ${n}`,
    excerpt: `What happened in story ${n}.`,
    category: "Community",
    publishedAt: `2026-11-${String(24 - n).padStart(2, "0")}T10:00:00Z`,
    authorName: `Author ${n}`,
  };
}

/** Answers GET /api/blog-posts by cursor: `pages[cursor ?? ""]`. */
function stories(pages: Record<string, unknown>) {
  const asked: (string | null)[] = [];
  mockFetch((url) => {
    if (url.pathname !== "/api/blog-posts") return json({ error: "Not found", code: "not_found" }, 404);
    const cursor = url.searchParams.get("cursor");
    asked.push(cursor);
    const page = pages[cursor ?? ""];
    return page === undefined ? json({ error: "Not found", code: "not_found" }, 404) : json(page);
  });
  return asked;
}

describe("BlogPage", () => {
  it("features the newest story and loads the next page by the server's cursor until there is none", async () => {
    const asked = stories({
      "": { posts: [1, 2, 3].map(story), nextCursor: "page-2" },
      "page-2": { posts: [4, 5].map(story), nextCursor: null },
    });
    const { user } = renderWithProviders(<BlogPage />, { route: "/blog" });

    const featured = await screen.findByRole("region", { name: "Featured Story" });
    expect(featured).toHaveTextContent("Story number 1");
    expect(screen.getByRole("region", { name: "More Stories" })).toHaveTextContent("Story number 3");
    expect(screen.queryByText("Story number 4")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load More Stories" }));
    expect(await screen.findByText("Story number 5")).toBeInTheDocument();
    expect(asked).toEqual([null, "page-2"]);
    expect(screen.queryByRole("button", { name: "Load More Stories" })).not.toBeInTheDocument();
  });

  it("says so when a page is not what the server promises, and tries again", async () => {
    let broken = true;
    mockFetch(() => json(broken ? { posts: [{ id: "s1" }], nextCursor: null } : { posts: [story(1)], nextCursor: null }));
    const { user } = renderWithProviders(<BlogPage />, { route: "/blog" });

    expect(await screen.findByText("Stories could not be loaded")).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Story number 1")).toBeInTheDocument();
  });

  it("shows 'No stories yet' for an empty list", async () => {
    stories({ "": { posts: [], nextCursor: null } });
    renderWithProviders(<BlogPage />, { route: "/blog" });
    expect(await screen.findByText("No stories yet")).toBeInTheDocument();
  });
});
