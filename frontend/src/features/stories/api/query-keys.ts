import type { QueryClient } from "@tanstack/react-query";
import { isRecord, readInitialData, type InitialData } from "@/lib/initial-data";

/**
 * The story query's key, apart from its hook so the app's entry can seed a story page's
 * inlined story without loading the query code (and its schema) up front.
 */

/** ["/api/blog-posts"]: the stories list's pages; the server-inlined first page seeds it. */
export const STORIES_QUERY_KEY = ["/api/blog-posts"] as const;

/** ["/api/blog-posts/{id}"]: the server-inlined story of a story page seeds exactly this key. */
export function storyQueryKey(id: string) {
  return [`/api/blog-posts/${encodeURIComponent(id)}`] as const;
}

/**
 * A story page's {"story":{...}} (its GET /api/blog-posts/{id}, inlined by the server) into
 * the story's query, so the page and its content draw without a round trip.
 */
export function seedInitialStory(queryClient: QueryClient, data: InitialData | undefined = readInitialData()): void {
  if (data && isRecord(data.story) && typeof data.story.id === "string") {
    queryClient.setQueryData(storyQueryKey(data.story.id), data.story);
  }
}

/**
 * The stories list's {"stories":{posts,nextCursor}} (its first GET /api/blog-posts, inlined
 * by the server) as the list's first page, so /blog draws without a round trip.
 */
export function seedInitialStories(queryClient: QueryClient, data: InitialData | undefined = readInitialData()): void {
  if (data && isRecord(data.stories)) {
    queryClient.setQueryData(STORIES_QUERY_KEY, { pages: [data.stories], pageParams: [undefined] });
  }
}
