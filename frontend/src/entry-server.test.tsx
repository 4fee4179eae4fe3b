import type { QueryClient } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { prerender } from "react-dom/static";
import { BrowserRouter } from "@/lib/router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "@/app/app";
import { eventQueryKey } from "@/features/events/api/get-event";
import { eventsQueryKey } from "@/features/events/api/get-events";
import { eventsSummaryQueryKey, HOME_EVENT_COUNT } from "@/features/events/api/query-keys";
import { createQueryClient } from "@/lib/query-client";
import { formatLongDate } from "@/lib/format";
import { sportImageUrl } from "@/lib/sport-images";
import { buildEvent } from "@/testing/fixtures";
import type { SportEvent } from "@/lib/event-schema";
import { seedInitialStories, seedInitialStory, storyQueryKey } from "@/features/stories/api/query-keys";
import type { Story } from "@/features/stories/api/stories";
import {
  EVENT_TOKENS,
  renderPage,
  STORY_TOKENS,
  templateEventQueryClient,
  templateReplacements,
  templateStoriesQueryClient,
  templateStoryQueryClient,
} from "./entry-server";

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The event page as the server sends it: the template, placeholders filled and escaped. */
async function eventPageHtml(event: SportEvent): Promise<string> {
  let html = await serverHtml(`/events/${EVENT_TOKENS.id}`, templateEventQueryClient());
  for (const [markup, token] of templateReplacements) html = html.replaceAll(markup, token);
  const values: Record<keyof typeof EVENT_TOKENS, string> = {
    id: event.id,
    title: event.title,
    description: event.description,
    category: event.category,
    location: event.location,
    currentParticipants: String(event.currentParticipants),
    maxParticipants: String(event.maxParticipants),
    image: sportImageUrl(event.category),
  };
  for (const [field, token] of Object.entries(EVENT_TOKENS)) {
    html = html.replaceAll(token, escapeHtml(values[field as keyof typeof EVENT_TOKENS]));
  }
  return html;
}

/**
 * A story template as the server sends it: text placeholders filled and escaped, the content
 * as it is (the server's allow-list cleaner writes it; these tests' content is already clean).
 */
function fillStory(template: string, story: Story): string {
  let html = template;
  for (const [field, token] of Object.entries(STORY_TOKENS)) {
    const value = story[field as keyof typeof STORY_TOKENS];
    html = html.replaceAll(token, field === "content" ? value : escapeHtml(value));
  }
  return html;
}

let root: Root | undefined;

/**
 * renderPage, then an empty render: React's server renderer leaves the last page's context
 * values (the router's location...) set until its next render, which only matters when it
 * shares one JavaScript realm with the browser renderer, as in these tests.
 */
async function serverHtml(url: string, queryClient?: QueryClient): Promise<string> {
  const html = await renderPage(url, "en-GB", queryClient);
  await new Response((await prerender(<></>)).prelude).text();
  return html;
}

/** Puts `html` in #root at `url` and hydrates it as src/main.tsx does; returns what went wrong. */
async function hydrate(url: string, html: string, queryClient = createQueryClient()) {
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, "", url);
  const problems: unknown[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    // React's development warning when the server and browser renderers share a realm, as here.
    if (String(args[0]).startsWith("Detected multiple renderers concurrently")) return;
    problems.push(args);
  });
  await act(async () => {
    root = hydrateRoot(container, <App queryClient={queryClient} router={BrowserRouter} prerendered />, {
      onRecoverableError: (error) => problems.push(error),
    });
    await Promise.resolve();
  });
  return { container, problems };
}

describe("prerendered pages", () => {
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = "";
  });

  it("show the home page's first screen and hydrate without a mismatch", async () => {
    const html = await serverHtml("/");
    expect(html).toContain("Sport for everyone.");
    expect(html).not.toContain("<script");

    const events = [buildEvent({ title: "Hackney Hoops" }), buildEvent(), buildEvent()];
    const queryClient = createQueryClient();
    queryClient.setQueryData(eventsQueryKey({ limit: HOME_EVENT_COUNT }), events);
    const { problems } = await hydrate("/", html, queryClient);
    expect(problems).toEqual([]);
    // The events follow right after hydration.
    expect(await screen.findByText("Hackney Hoops")).toBeInTheDocument();
  });

  it("show the events page's heading and hydrate without a mismatch", async () => {
    const html = await serverHtml("/events");
    expect(html).toContain("Sports Events");

    const queryClient = createQueryClient();
    queryClient.setQueryData(eventsSummaryQueryKey(), {
      eventCount: 1,
      sports: [{ category: "Yoga", eventCount: 1, areas: ["Hackney"] }],
      areas: ["Hackney"],
    });
    const { problems } = await hydrate("/events", html, queryClient);
    expect(problems).toEqual([]);
    expect(await screen.findByText("1 upcoming event")).toBeInTheDocument();
  });

  it("fill an event page's template with escaped text that hydrates without a mismatch", async () => {
    const event = buildEvent({
      title: `Ana's "Big" <script>alert(1)</script> Match & more`,
      description: "Line one\nLine two with <b>tags</b>",
      category: "Table Tennis",
      price: "5.00",
      currentParticipants: 7,
      maxParticipants: 12,
    });
    const html = await eventPageHtml(event);
    expect(html).not.toContain("<script>");
    expect(html).toContain(`src="${sportImageUrl("Table Tennis")}"`);

    const queryClient = createQueryClient();
    queryClient.setQueryData(eventQueryKey(event.id), event);
    const { container, problems } = await hydrate(`/events/${event.id}`, html, queryClient);
    expect(problems).toEqual([]);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(event.title);
    expect(container.textContent).toContain("7/12 participants");
    // Dates, prices and the booking card are the browser's to draw, after hydration.
    expect(await screen.findByText(formatLongDate(event.date))).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Pricing" })).toBeInTheDocument();
  });

  it("fill a story page's template with escaped text and its content, hydrating without a mismatch", async () => {
    const story: Story = {
      id: "01a1fe53-f3e6-77b0-af53-39f9bf69ed17",
      title: `<script>alert(1)</script> "&'`,
      excerpt: "Nervous at first, now a regular & proud of it.",
      category: "Member Story",
      authorName: "Maya O'Neil",
      publishedAt: "2026-11-24T18:30:00Z",
      content:
        '<p>The first paragraph.</p>\n<p>The <strong>second</strong> one, with <a href="https://example.org" rel="noopener noreferrer nofollow">a link</a> &amp; more.</p><ul><li>x<br>y</li></ul>',
    };
    const html = fillStory(await serverHtml(`/blog/${STORY_TOKENS.id}`, templateStoryQueryClient()), story);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("__STORY_");
    // The content is on the first screen, before any of the app's code runs.
    expect(html).toContain("<p>The first paragraph.</p>");

    const queryClient = createQueryClient();
    // As src/main.tsx seeds it from the server's inlined {"story":{...}}.
    seedInitialStory(queryClient, { story });
    expect(queryClient.getQueryData(storyQueryKey(story.id))).toEqual(story);
    const { problems } = await hydrate(`/blog/${story.id}`, html, queryClient);
    expect(problems).toEqual([]);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(story.title);
    expect(screen.getByText(story.excerpt)).toBeInTheDocument();
    expect(screen.getByText(story.authorName)).toBeInTheDocument();
    expect(screen.getByText("The first paragraph.").tagName).toBe("P");
    expect(screen.getByText("second").tagName).toBe("STRONG");
    expect(screen.getByRole("link", { name: "a link" })).toHaveAttribute("href", "https://example.org");
    // The date follows right after hydration, from the inlined story.
    expect(await screen.findByText("24 November 2026")).toBeInTheDocument();
  });

  it("fill the stories list's template with the newest story, hydrating without a mismatch", async () => {
    const newest: Story = {
      id: "01a1fe53-f3e6-77b0-af53-39f9bf69ed18",
      title: `Ana's <b>first</b> swim`,
      excerpt: "Nervous at first, now a regular & proud of it.",
      category: "Wellness",
      authorName: "Ana",
      publishedAt: "2026-11-24T18:30:00Z",
      content: "",
    };
    const older = { ...newest, id: "01a1fe53-f3e6-77b0-af53-39f9bf69ed19", title: "An older story" };
    const html = fillStory(await serverHtml("/blog", templateStoriesQueryClient()), newest);
    expect(html).not.toContain("__STORY_");
    expect(html).not.toContain("<b>first</b>");
    expect(html).toContain(`href="/blog/${newest.id}"`);
    expect(html).toContain("Community Stories");

    const queryClient = createQueryClient();
    // As src/main.tsx seeds it from the server's inlined {"stories":{...}}.
    const summary = ({ id, title, excerpt, category, authorName, publishedAt }: Story) =>
      ({ id, title, excerpt, category, authorName, publishedAt });
    seedInitialStories(queryClient, { stories: { posts: [summary(newest), summary(older)], nextCursor: "next" } });
    const { problems } = await hydrate("/blog", html, queryClient);
    expect(problems).toEqual([]);
    expect(screen.getByRole("heading", { name: newest.title })).toBeInTheDocument();
    // The rest of the page, and Load More, follow right after hydration.
    expect(await screen.findByRole("heading", { name: "An older story" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Load More Stories" })).toBeInTheDocument();
  });
});
