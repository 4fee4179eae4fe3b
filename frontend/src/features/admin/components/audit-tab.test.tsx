import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { AuditTab } from "./audit-tab";

const admin = buildUser({ role: "admin" });

function entry(n: number) {
  return {
    id: `a${n}`,
    userId: "u1",
    userName: "Ana Silva",
    action: "user.update",
    resourceType: "user",
    resourceId: `r${n}`,
    details: { field: "role", from: "user", to: "moderator" },
    ipAddress: "10.0.0.1",
    userAgent: "Firefox",
    createdAt: "2026-11-28T10:00:00Z",
  };
}

/** 50 entries, then 7 older ones after cursor "c2". */
function server() {
  return mockFetch((url) => {
    if (url.pathname !== "/api/admin/audit-logs") return json({ error: "Not found", code: "not_found" }, 404);
    return url.searchParams.get("cursor") === "c2"
      ? json({ logs: Array.from({ length: 7 }, (_, i) => entry(50 + i)), nextCursor: null })
      : json({ logs: Array.from({ length: 50 }, (_, i) => entry(i)), nextCursor: "c2" });
  });
}

describe("Audit tab", () => {
  it("adds the older entries below the newest, and says when there are none left", async () => {
    const fetchMock = server();
    const { user } = renderWithProviders(<AuditTab />, { user: admin });
    const table = await screen.findByRole("region", { name: "Audit log entries" });
    expect(within(table).getAllByRole("row")).toHaveLength(51);
    expect(screen.getByText("Showing 50 entries")).toBeInTheDocument();
    expect(within(table).getAllByText("from: user")).toHaveLength(50);

    await user.click(screen.getByRole("button", { name: "Load older entries" }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(58));
    expect(screen.getByText("Showing 57 entries, back to the oldest")).toBeInTheDocument();
    const end = screen.getByRole("button", { name: "No older entries" });
    expect(end).toHaveAttribute("aria-disabled", "true");
    expect(fetchMock.mock.calls.map(([url]) => new URL(url, "http://localhost").searchParams.get("cursor"))).toEqual([
      null,
      "c2",
    ]);
    // Nothing more is asked for.
    await user.click(end);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows no paging control when the first page is all there is", async () => {
    mockFetch(() => json({ logs: [entry(1)], nextCursor: null }));
    renderWithProviders(<AuditTab />, { user: admin });
    await screen.findByRole("region", { name: "Audit log entries" });
    expect(screen.queryByRole("button", { name: /older entries/ })).toBeNull();
  });
});
