import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/testing/render";

/** The links as a build with these `VITE_*` settings shows them (they are read on import). */
async function renderWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { FollowStories } = await import("./follow-stories");
  return renderWithProviders(<FollowStories />);
}

describe("FollowStories", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("links to Instagram and TikTok, each in a new tab", async () => {
    await renderWith({
      VITE_INSTAGRAM_URL: "https://www.instagram.com/playspace",
      VITE_TIKTOK_URL: "https://www.tiktok.com/@playspace",
      VITE_FACEBOOK_URL: "https://www.facebook.com/playspace",
    });
    const section = screen.getByRole("region", { name: "Follow Our Community" });
    const links = section.querySelectorAll("a");
    expect([...links].map((link) => link.getAttribute("href"))).toEqual([
      "https://www.instagram.com/playspace",
      "https://www.tiktok.com/@playspace",
    ]);
    expect(screen.getByRole("link", { name: /^TikTok/ })).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: /^Instagram/ })).toHaveTextContent("(opens in a new tab)");
  });

  it("shows only the configured one", async () => {
    await renderWith({ VITE_INSTAGRAM_URL: "", VITE_TIKTOK_URL: "https://www.tiktok.com/@playspace" });
    expect(screen.getByRole("link", { name: /^TikTok/ })).toBeInTheDocument();
    expect(screen.queryByText("Instagram")).not.toBeInTheDocument();
  });

  it("shows nothing while neither is set (or valid)", async () => {
    await renderWith({ VITE_INSTAGRAM_URL: "", VITE_TIKTOK_URL: "http://www.tiktok.com/x" });
    expect(screen.queryByRole("region", { name: "Follow Our Community" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
