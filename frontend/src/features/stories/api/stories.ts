import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest, withQuery } from "@/lib/api-client";
import { charCount } from "@/lib/validation";

/** The Share Your Story categories (spec section 5), as the server knows them. */
export const STORY_CATEGORIES = ["Member Story", "Wellness", "Events", "Community"] as const;

const storySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  publishedAt: z.string(),
  authorName: z.string(),
});

const storySchema = z.extend(storySummarySchema, { content: z.string() });

const pageSchema = z.object({
  posts: z.array(storySummarySchema),
  nextCursor: z.nullable(z.string()),
});

export type StorySummary = z.infer<typeof storySummarySchema>;
export type Story = z.infer<typeof storySchema>;
export type StoryPage = z.infer<typeof pageSchema>;

const LIST = "/api/blog-posts";

/** Published stories newest first, six a page; `fetchNextPage` follows the server's cursor. */
export function useStories() {
  return useInfiniteQuery({
    queryKey: [LIST],
    queryFn: async ({ pageParam, signal }) => {
      const response = await apiRequest("GET", withQuery(LIST, { cursor: pageParam }), { signal });
      return pageSchema.parse(await response.json());
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One published story (404 for unknown or unpublished ones). */
export function useStory(id: string) {
  return useQuery({
    queryKey: [`${LIST}/${encodeURIComponent(id)}`],
    select: (data: unknown) => storySchema.parse(data),
  });
}

/** Spec section 5's rules, with the server's limits; the server checks them again. */
const between = (min: number, max: number, message: string) =>
  z.string().check(
    z.refine((value) => charCount(value.trim()) >= min, message),
    z.refine((value) => charCount(value.trim()) <= max, `Must be at most ${max} characters`),
  );

export const storyFormSchema = z.object({
  title: between(5, 150, "Title must be at least 5 characters"),
  excerpt: between(20, 300, "Summary must be at least 20 characters"),
  category: z.string().check(
    z.refine((value) => (STORY_CATEGORIES as readonly string[]).includes(value), "Please select a category"),
  ),
  content: between(50, 20_000, "Story content must be at least 50 characters"),
  authorName: between(2, 80, "Your name must be at least 2 characters"),
  /** The honeypot: people never see it, so it stays empty. */
  website: z.string(),
});

export type StoryFormValues = z.infer<typeof storyFormSchema>;

/** POST /api/blog-posts/submit: 201 {message}; 400 with fieldErrors; 429 when sent too often. */
async function submitStory(values: StoryFormValues): Promise<void> {
  await apiRequest("POST", `${LIST}/submit`, { body: values });
}

export function useSubmitStory() {
  return useMutation({ mutationFn: submitStory });
}
