import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent, buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { recommendationsQueryKey } from "../api/get-recommendations";
import { RecommendedForYou } from "./recommended-for-you";

function recommendationCalls(fetchMock: ReturnType<typeof mockFetch>): number {
  return fetchMock.mock.calls.filter(([input]) => input.startsWith("/api/recommendations")).length;
}

describe("RecommendedForYou", () => {
  it("shows a signed-in person's recommendations as event cards", async () => {
    mockFetch((url) =>
      url.pathname === "/api/recommendations"
        ? json([{ ...buildEvent({ title: "Camden Yoga", category: "Yoga" }), score: 13 }])
        : json({ error: "Not found", code: "not_found" }, 404),
    );
    renderWithProviders(<RecommendedForYou />, { user: buildUser() });
    expect(await screen.findByRole("heading", { name: "Recommended for you" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Camden Yoga" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Update your preferences" })).toHaveAttribute("href", "/preferences");
  });

  it("renders nothing for a visitor and never asks", async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname === "/api/recommendations"
        ? json([{ ...buildEvent({ title: "Camden Yoga", category: "Yoga" }), score: 13 }])
        : json({ error: "Not signed in", code: "unauthenticated" }, 401),
    );
    const visitor = renderWithProviders(<RecommendedForYou />);
    // Beside it, a signed-in person's section loads the same code and then asks: once that
    // has shown its answer, the visitor's would have loaded and asked too, had it tried.
    renderWithProviders(<RecommendedForYou />, { user: buildUser() });
    await screen.findByRole("heading", { name: "Camden Yoga" });
    expect(visitor.container.querySelector("section")).toBeNull();
    expect(recommendationCalls(fetchMock)).toBe(1);
  });

  it.each([
    ["nothing to recommend", () => json([])],
    ["the call fails", () => json({ error: "Something went wrong", code: "internal_error" }, 500)],
  ])("is hidden when %s", async (_, answer) => {
    const fetchMock = mockFetch((url) =>
      url.pathname === "/api/recommendations" ? answer() : json({ error: "Not found", code: "not_found" }, 404),
    );
    const { queryClient } = renderWithProviders(<RecommendedForYou />, { user: buildUser() });
    await waitFor(() => expect(queryClient.getQueryState(recommendationsQueryKey)?.fetchStatus).toBe("idle"));
    expect(queryClient.getQueryState(recommendationsQueryKey)?.status).not.toBe("pending");
    expect(recommendationCalls(fetchMock)).toBe(1);
    expect(screen.queryByRole("heading", { name: "Recommended for you" })).toBeNull();
    expect(screen.queryByText("Loading events…")).toBeNull();
  });
});
