import { z } from "zod/mini";
import { teamStoryFields } from "@/lib/story-form";
import { charCount } from "@/lib/validation";

/** The story rules, with the team's categories and the flag only the team sets. */
export const storyFormSchema = z.object({ ...teamStoryFields, isPublished: z.boolean() });

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
