import type { QueryClient } from "@tanstack/react-query";
import { isRecord, readInitialData, type InitialData } from "@/lib/initial-data";

/**
 * The story query's key, apart from its hook so the app's entry can seed a story page's
 * inlined story without loading the query code (and its schema) up front.
 */

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
