/**
 * The prerender's entry point (built by the `playspace:prerender` plugin in vite.config.ts,
 * never shipped to browsers): renders the public pages' first screen to HTML at build time.
 * See docs/adr/0006-prerendered-first-screen.md.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "@/lib/router";
import { App } from "@/app/app";
import { preloadPrerenderedPage } from "@/app/pages";
import type { SportEvent } from "@/lib/event-schema";
import { eventQueryKey } from "@/features/events/api/get-event";
import type { Story } from "@/features/stories/api/stories";
import { seedInitialStories, storyQueryKey } from "@/features/stories/api/query-keys";
import { startLocale } from "@/lib/i18n/catalogues";
import { direction as localeDirection, LOCALES, type Locale } from "@/lib/i18n/locales";
import { createQueryClient } from "@/lib/query-client";
import { DEFAULT_SPORT_IMAGE, SPORT_IMAGES_BY_SLUG, sportImageUrl } from "@/lib/sport-images";

// The prerender checks each page it renders is one the browser loads before hydrating.
export { isPrerenderedPath } from "@/app/pages";
// The prerender renders each page in each language. (Lower-case constants: a capitalised
// export that is not a literal looks like a component to the fast-refresh lint rule.)
export const locales = LOCALES;
export const direction = localeDirection;

/**
 * What the server fills into the event page template, each HTML-escaped (the Rust side is
 * crates/api/src/frontend.rs). The template is rendered from `templateEvent`, whose text
 * fields are these placeholders; the prerender (scripts/prerender.ts) then swaps in the
 * placeholders for its numbers and its picture, which cannot be placeholders themselves.
 */
export const EVENT_TOKENS = {
  id: "__EVENT_ID__",
  title: "__EVENT_TITLE__",
  description: "__EVENT_DESCRIPTION__",
  category: "__EVENT_CATEGORY__",
  location: "__EVENT_LOCATION__",
  currentParticipants: "__EVENT_CURRENT_PARTICIPANTS__",
  maxParticipants: "__EVENT_MAX_PARTICIPANTS__",
  image: "__EVENT_IMAGE__",
} as const;

/**
 * The event the template is rendered from. Only its text fields and numbers reach the HTML:
 * dates, prices and the booking card wait for the browser (src/lib/use-hydrated.ts).
 */
export const templateEvent: SportEvent = {
  id: EVENT_TOKENS.id,
  title: EVENT_TOKENS.title,
  description: EVENT_TOKENS.description,
  category: EVENT_TOKENS.category,
  location: EVENT_TOKENS.location,
  // The event page does not show the area, so it needs no placeholder.
  area: "",
  // The venue's details are drawn once the app has taken over (like dates), so none of it
  // reaches the template.
  venue: {
    id: "",
    name: "",
    address: "",
    postcode: "",
    borough: "",
    mapUrl: null,
    nearestStepFreeStation: null,
    transportNotes: null,
    access: {
      stepFree: "unknown",
      accessibleToilet: "unknown",
      changingPlaces: "unknown",
      genderNeutralChanging: "unknown",
      privateChangingCubicles: "unknown",
      quietSpace: "unknown",
      hearingLoop: "unknown",
      accessibleParking: "unknown",
      lift: "unknown",
      assistanceDogs: "unknown",
    },
    accessCheckedAt: null,
  },
  currentParticipants: 987_654_301,
  maxParticipants: 987_654_302,
  date: "2000-01-01T00:00:00Z",
  duration: 60,
  price: "0.00",
  isActive: true,
  companionAllowed: false,
  solidarityPlaces: 0,
  solidarityPlacesLeft: 0,
};

/** Markup of the template that stands for something the server fills in, and what. */
export const templateReplacements: readonly (readonly [markup: string, token: string])[] = [
  [`>${templateEvent.currentParticipants}<`, `>${EVENT_TOKENS.currentParticipants}<`],
  [`>${templateEvent.maxParticipants}<`, `>${EVENT_TOKENS.maxParticipants}<`],
  // The picture's src, and React's preload link for it.
  [`"${sportImageUrl(EVENT_TOKENS.category)}"`, `"${EVENT_TOKENS.image}"`],
];

/** A query client holding the template event, as the browser's holds the real one. */
export function templateEventQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(eventQueryKey(templateEvent.id), templateEvent);
  return queryClient;
}

/**
 * What the server fills into the story templates (the Rust side is
 * crates/api/src/frontend/templates.rs, `StoryField`): the stories list's Featured Story card
 * shows a story's summary fields, each HTML-escaped; a story page those and its content, as
 * the server's allow-list cleans it. The date is not among them: pages draw it once the app
 * has taken over.
 */
export const STORY_SUMMARY_TOKENS = {
  id: "__STORY_ID__",
  title: "__STORY_TITLE__",
  excerpt: "__STORY_EXCERPT__",
  category: "__STORY_CATEGORY__",
  authorName: "__STORY_AUTHOR__",
} as const;

export const STORY_TOKENS = { ...STORY_SUMMARY_TOKENS, content: "__STORY_CONTENT__" } as const;

/** The story the templates are rendered from: its date never reaches the HTML. */
export const templateStory: Story = { ...STORY_TOKENS, publishedAt: "2000-01-01T00:00:00Z" };

/** A query client holding the template story, as the browser's holds the real one. */
export function templateStoryQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(storyQueryKey(templateStory.id), templateStory);
  return queryClient;
}

/** A query client whose stories list is the template story alone, as its first page. */
export function templateStoriesQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  seedInitialStories(queryClient, { stories: { posts: [{ ...STORY_SUMMARY_TOKENS, publishedAt: templateStory.publishedAt }], nextCursor: null } });
  return queryClient;
}

/** A page template's placeholders, as scripts/prerender.ts renders and checks it. */
export interface PageTemplate {
  tokens: Readonly<Record<string, string>>;
  /** The page is rendered at this address; its id shows only there. */
  url: string;
  queryClient(): QueryClient;
  replacements: readonly (readonly [markup: string, token: string])[];
}

/** The templates the server fills in, by name. */
export const TEMPLATES = {
  event: {
    tokens: EVENT_TOKENS,
    url: `/events/${EVENT_TOKENS.id}`,
    queryClient: templateEventQueryClient,
    replacements: templateReplacements,
  },
  story: {
    tokens: STORY_TOKENS,
    url: `/blog/${STORY_TOKENS.id}`,
    queryClient: templateStoryQueryClient,
    replacements: [],
  },
  blog: {
    tokens: STORY_SUMMARY_TOKENS,
    url: "/blog",
    queryClient: templateStoriesQueryClient,
    replacements: [],
  },
} as const satisfies Record<string, PageTemplate>;

/**
 * The sport pictures by slug (sportSlug), for the server to pick an event's picture exactly
 * as sportImageUrl does: `default` for categories without a picture of their own.
 */
export function sportImages(): { default: string; bySlug: Readonly<Record<string, string>> } {
  return { default: DEFAULT_SPORT_IMAGE, bySlug: SPORT_IMAGES_BY_SLUG };
}

/** The HTML of #root for `url` in `locale`, once every part of the page has loaded. */
export async function renderPage(
  url: string,
  locale: Locale,
  queryClient: QueryClient = createQueryClient(),
): Promise<string> {
  await startLocale(locale);
  await preloadPrerenderedPage(new URL(url, "http://localhost").pathname);
  function Router({ children }: { children?: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  }
  // One piece of HTML: without this, React moves a large page's content out of place, to be
  // put back by an inline script (which the Content-Security-Policy would block).
  const { prelude } = await prerender(<App queryClient={queryClient} router={Router} prerendered />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}
