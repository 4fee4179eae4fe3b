import { z } from "zod/mini";
import { charCount } from "@/lib/validation";

/** The categories of stories sent in (spec section 5). */
export const STORY_CATEGORIES = ["Member Story", "Wellness", "Events", "Community"] as const;

/** The team's posts may also have the spec's blog categories (section 9: news, sports, fitness, community). */
export const TEAM_CATEGORIES = ["Member Story", "Wellness", "Events", "Community", "News", "Sports", "Fitness"] as const;

/** The server's lists and limits (crates/domain/src/story.rs; crates/api/tests/shared_lists.rs holds them together). */
export const MAX_TITLE_CHARS = 150;
export const MAX_EXCERPT_CHARS = 300;
export const MAX_CONTENT_CHARS = 20000;
export const MAX_AUTHOR_CHARS = 80;

const between = (min: number, max: number, message: string) =>
  z.string().check(
    z.refine((value) => charCount(value.trim()) >= min, message),
    z.refine((value) => charCount(value.trim()) <= max, `Must be at most ${max} characters`),
  );

const oneOf = (categories: readonly string[]) =>
  z.string().check(z.refine((value) => categories.includes(value), "Please select a category"));

/** Spec section 5's story rules, for Share Your Story and the Blog tab alike; the server checks them again. */
export const storyFields = {
  title: between(5, MAX_TITLE_CHARS, "Title must be at least 5 characters"),
  excerpt: between(20, MAX_EXCERPT_CHARS, "Summary must be at least 20 characters"),
  category: oneOf(STORY_CATEGORIES),
  content: between(50, MAX_CONTENT_CHARS, "Story content must be at least 50 characters"),
  authorName: between(2, MAX_AUTHOR_CHARS, "Your name must be at least 2 characters"),
};

/** The same rules for the team's posts, with the team's categories. */
export const teamStoryFields = { ...storyFields, category: oneOf(TEAM_CATEGORIES) };
