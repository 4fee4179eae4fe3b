import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest, withQuery } from "@/lib/api-client";
import { isRecord } from "@/lib/initial-data";
import { storyFields } from "@/lib/story-form";
import { STORIES_QUERY_KEY, storyQueryKey } from "./query-keys";

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

const LIST = STORIES_QUERY_KEY[0];

/**
 * Published stories newest first, six a page; `fetchNextPage` follows the server's cursor.
 * Pages are checked as they are read (`select`), so the server-inlined first page, seeded
 * without the schema, is checked too.
 */
export function useStories() {
  return useInfiniteQuery({
    queryKey: STORIES_QUERY_KEY,
    queryFn: async ({ pageParam, signal }): Promise<unknown> => {
      const response = await apiRequest("GET", withQuery(LIST, { cursor: pageParam }), { signal });
      return response.json();
    },
    initialPageParam: undefined as string | undefined,
    // Only the cursor: `select` checks the whole page.
    getNextPageParam: (last) => (isRecord(last) && typeof last.nextCursor === "string" ? last.nextCursor : undefined),
    select: readPages,
  });
}

function readPages(data: InfiniteData<unknown, string | undefined>): InfiniteData<StoryPage, string | undefined> {
  return { ...data, pages: data.pages.map((page) => pageSchema.parse(page)) };
}

/** One published story (404 for unknown or unpublished ones). */
export function useStory(id: string) {
  return useQuery({
    queryKey: storyQueryKey(id),
    select: (data: unknown) => storySchema.parse(data),
  });
}

export const storyFormSchema = z.object({
  ...storyFields,
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
