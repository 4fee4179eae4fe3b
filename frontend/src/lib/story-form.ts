import { z } from "zod/mini";
import { charCount } from "@/lib/validation";
import { STORY_AUTHOR_CHARS, STORY_CATEGORIES, STORY_CONTENT_CHARS, STORY_EXCERPT_CHARS, STORY_TITLE_CHARS, TEAM_CATEGORIES } from "@/generated/shared-rules/stories";

/** The categories of stories sent in (spec section 5). */
export { STORY_CATEGORIES };

/** The team's posts may also have the spec's blog categories (section 9: news, sports, fitness, community). */
export { TEAM_CATEGORIES };

/** The server's limits. */
export const MAX_TITLE_CHARS = STORY_TITLE_CHARS;
export const MAX_EXCERPT_CHARS = STORY_EXCERPT_CHARS;
export const MAX_CONTENT_CHARS = STORY_CONTENT_CHARS;
export const MAX_AUTHOR_CHARS = STORY_AUTHOR_CHARS;

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
