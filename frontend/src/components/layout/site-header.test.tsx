import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { SiteHeader } from "./site-header";

describe("SiteHeader", () => {
  afterEach(() => vi.useRealTimers());

  it("offers Log in and Sign up to a visitor", () => {
    renderWithProviders(<SiteHeader />);
    expect(screen.getAllByRole("link", { name: "Log in" })[0]).toHaveAttribute("href", "/login");
    expect(screen.getAllByRole("link", { name: "Sign up" })[0]).toHaveAttribute("href", "/signup");
    expect(screen.queryByText(/^Good /)).not.toBeInTheDocument();
  });

  it("greets a member by chosen name and local hour, rechecked every minute", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(new Date(2026, 10, 24, 11, 59, 30));
    renderWithProviders(<SiteHeader />, { user: buildUser({ firstName: "Oluwaseun", chosenName: "Seun" }) });
    expect(screen.getByText("Good morning, Seun")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Log in" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Your account, Seun Silva" })).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(60_000);
      await Promise.resolve();
    });
    expect(screen.getByText("Good afternoon, Seun")).toBeInTheDocument();
  });

  it("shows the profile picture when there is one", () => {
    const { container } = renderWithProviders(<SiteHeader />, {
      user: buildUser({ profileImageUrl: "/uploads/ana.png" }),
    });
    expect(container.querySelector('img[src="/uploads/ana.png"]')).not.toBeNull();
  });
});
