import { z } from "zod/mini";
import { charCount } from "@/lib/validation";

/** The story categories (spec section 5), the same for the team's posts as for stories sent in. */
export const STORY_CATEGORIES = ["Member Story", "Wellness", "Events", "Community"] as const;

const between = (min: number, max: number, message: string) =>
  z.string().check(
    z.refine((value) => charCount(value.trim()) >= min, message),
    z.refine((value) => charCount(value.trim()) <= max, `Must be at most ${max} characters`),
  );

/** Spec section 5's story rules with the server's limits; the server checks them again. */
export const storyFormSchema = z.object({
  title: between(5, 150, "Title must be at least 5 characters"),
  excerpt: between(20, 300, "Summary must be at least 20 characters"),
  category: z.string().check(
    z.refine((value) => (STORY_CATEGORIES as readonly string[]).includes(value), "Please select a category"),
  ),
  content: between(50, 20_000, "Story content must be at least 50 characters"),
  authorName: between(2, 80, "Your name must be at least 2 characters"),
  isPublished: z.boolean(),
});

export type StoryFormValues = z.infer<typeof storyFormSchema>;

export const DECLINE_REASON_REQUIRED = "Please give a reason for declining this story";
export const MAX_DECLINE_REASON = 1000;

export const declineFormSchema = z.object({
  reason: z.string().check(
    z.refine((value) => value.trim() !== "", DECLINE_REASON_REQUIRED),
    z.refine((value) => charCount(value.trim()) <= MAX_DECLINE_REASON, `Must be at most ${MAX_DECLINE_REASON} characters`),
  ),
});

/** A cleaned story's text without its markup, for reading in the review queue. */
export function storyText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|li|h2|h3|blockquote)>|<br\s*\/?>/gi, "$&\n"), "text/html");
  return doc.body.textContent.replace(/\n{3,}/g, "\n\n").trim();
}
