import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { renderWithProviders } from "@/testing/render";
import { INVALID_LINK, NewsletterConfirm } from "./newsletter-confirm";

describe("newsletter confirm page", () => {
  it("posts the token once and says the address is subscribed", async () => {
    const fetchMock = mockFetch(() => json({ message: "You're subscribed to the PlaySpace newsletter. Thank you!" }));
    renderWithProviders(<NewsletterConfirm token="signed.token" />);
    expect(screen.getByText("Just a moment while we check your link…")).toHaveAttribute("role", "status");
    expect(await screen.findByRole("heading", { name: "Subscription Confirmed" })).toBeInTheDocument();
    expect(screen.getByText("You're subscribed to the PlaySpace newsletter. Thank you!")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/newsletter/confirm");
    expect(JSON.parse(init?.body as string)).toEqual({ token: "signed.token" });
  });

  it("says a refused or missing link is invalid", async () => {
    mockFetch(() => json({ error: INVALID_LINK, code: "invalid_token" }, 400));
    renderWithProviders(<NewsletterConfirm token="tampered" />);
    expect(await screen.findByRole("heading", { name: "Invalid Confirmation Link" })).toBeInTheDocument();
    expect(screen.getByText(INVALID_LINK)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Read Community Stories" })).toHaveAttribute("href", "/blog");
  });

  it("without a token asks nothing of the server", () => {
    const fetchMock = mockFetch(() => json({}));
    renderWithProviders(<NewsletterConfirm token="" />);
    expect(screen.getByRole("heading", { name: "Invalid Confirmation Link" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers another try when the server cannot answer", async () => {
    mockFetch(() => json({ error: "Something went wrong on our side.", code: "unavailable" }, 503));
    const { user } = renderWithProviders(<NewsletterConfirm token="signed.token" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong on our side.");
    await user.click(screen.getByRole("button", { name: "Try Again" }));
  });
});
