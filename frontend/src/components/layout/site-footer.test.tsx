import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The footer as a build with these `VITE_*` settings shows it (they are read on import). */
async function renderFooterWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  // The router and providers come from the same fresh modules as the footer.
  const { SiteFooter } = await import("./site-footer");
  const { renderWithProviders } = await import("@/testing/render");
  renderWithProviders(<SiteFooter />);
}

describe("SiteFooter", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("links every Support and Legal item to its page", async () => {
    await renderFooterWith({});
    for (const [name, href] of [
      ["Contact Us", "/contact"],
      ["Help Center", "/help"],
      ["Accessibility", "/accessibility"],
      ["Safety Guidelines", "/safety"],
      ["Community Standards", "/community-standards"],
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Cookie Policy", "/cookies"],
      ["Refund Policy", "/refunds"],
    ]) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });

  it("shows no social links and no Meetup while none is set", async () => {
    await renderFooterWith({ VITE_INSTAGRAM_URL: "", VITE_TIKTOK_URL: "", VITE_FACEBOOK_URL: "", VITE_MEETUP_URL: "" });
    expect(screen.queryByText("Follow us")).not.toBeInTheDocument();
    expect(screen.queryByText(/Instagram|TikTok|Facebook|Meetup/)).not.toBeInTheDocument();
  });

  it("shows only the configured links, opening in a new tab", async () => {
    await renderFooterWith({
      VITE_INSTAGRAM_URL: "https://www.instagram.com/playspace",
      VITE_TIKTOK_URL: "not a url",
      VITE_FACEBOOK_URL: "",
      VITE_MEETUP_URL: "https://www.meetup.com/playspace/",
    });
    const follow = screen.getByRole("list", { name: "Follow us" });
    expect(follow.querySelectorAll("a")).toHaveLength(1);
    const instagram = screen.getByRole("link", { name: /^Instagram/ });
    expect(instagram).toHaveAttribute("href", "https://www.instagram.com/playspace");
    expect(instagram).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: /^Meetup/ })).toHaveAttribute("href", "https://www.meetup.com/playspace/");
    expect(screen.queryByText(/TikTok|Facebook/)).not.toBeInTheDocument();
  });
});
