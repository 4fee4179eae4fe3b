import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route, Routes } from "@/lib/router";
import UnsubscribePage from "@/app/routes/unsubscribe-page";
import { json, mockFetch } from "@/testing/fetch-mock";
import { renderWithProviders } from "@/testing/render";
import { INVALID_LINK } from "@/features/unsubscribe/components/unsubscribe";

const page = (
  <Routes>
    <Route path="/unsubscribe" element={<UnsubscribePage />} />
  </Routes>
);

describe("unsubscribe page", () => {
  it("without a token says the link is invalid, asking nothing of the server", () => {
    const fetchMock = mockFetch(() => json({}));
    renderWithProviders(page, { route: "/unsubscribe" });
    expect(screen.getByRole("heading", { name: "Invalid Unsubscribe Link" })).toBeInTheDocument();
    expect(screen.getByText(INVALID_LINK)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the masked address, then posts the token and says it is done", async () => {
    const fetchMock = mockFetch((_url, init) =>
      init.method === "POST"
        ? json({ message: "You will no longer receive marketing emails from PlaySpace." })
        : json({ email: "a***@example.org", list: "marketing" }),
    );
    const { user } = renderWithProviders(page, { route: "/unsubscribe?token=signed.token" });
    expect(screen.getByText("Checking your link…")).toHaveAttribute("role", "status");
    expect(await screen.findByText("a***@example.org")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/unsubscribe?token=signed.token");

    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("heading", { name: "You're Unsubscribed" })).toBeInTheDocument();
    expect(screen.getByText("You will no longer receive marketing emails from PlaySpace.")).toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe("/api/unsubscribe");
    expect(JSON.parse(init?.body as string)).toEqual({ token: "signed.token" });
  });

  it("names the newsletter for a newsletter link, without promising account emails", async () => {
    mockFetch((_url, init) =>
      init.method === "POST"
        ? json({ message: "You will no longer receive the PlaySpace newsletter.", list: "newsletter" })
        : json({ email: "a***@example.org", list: "newsletter" }),
    );
    const { user } = renderWithProviders(page, { route: "/unsubscribe?token=signed.token" });
    expect(await screen.findByText(/Stop the PlaySpace newsletter to/)).toHaveTextContent(
      "Stop the PlaySpace newsletter to a***@example.org? If you have an account, emails about your bookings still come.",
    );
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText("You will no longer receive the PlaySpace newsletter.")).toBeInTheDocument();
    expect(screen.getByText(/Subscribe again from the Community Stories page\./)).toBeInTheDocument();
  });

  it("says the link is invalid when the server refuses the token", async () => {
    mockFetch(() => json({ error: INVALID_LINK, code: "invalid_token" }, 400));
    renderWithProviders(page, { route: "/unsubscribe?token=tampered" });
    expect(await screen.findByRole("heading", { name: "Invalid Unsubscribe Link" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage Email Preferences" })).toHaveAttribute("href", "/preferences");
  });

  it("keeps the button for another try when unsubscribing fails", async () => {
    mockFetch((_url, init) =>
      init.method === "POST"
        ? json({ error: "Too many requests. Please try again later.", code: "rate_limited" }, 429)
        : json({ email: "a***@example.org", list: "marketing" }),
    );
    const { user } = renderWithProviders(page, { route: "/unsubscribe?token=signed.token" });
    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
    expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeEnabled();
  });

  it("names the new-sessions digest when the link is for it", async () => {
    mockFetch((_url, init) =>
      init.method === "POST"
        ? json({ message: "You will no longer get emails about new sessions." })
        : json({ email: "a***@example.org", list: "session-alerts" }),
    );
    const { user } = renderWithProviders(page, { route: "/unsubscribe?token=signed.token" });
    expect(await screen.findByText(/Stop emails about new sessions that match your favourite sports to/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText("You will no longer get emails about new sessions.")).toBeInTheDocument();
    expect(screen.getByText(/Turn recommendations back on in your preferences\./)).toBeInTheDocument();
  });
});
