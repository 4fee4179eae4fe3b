import { useQuery } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";
import { adminStoriesPath, parseAdminStoriesPage, type AdminStoriesPage } from "./admin-story-schema";
import { listKey } from "./schema";

/** `all` (admins) or `submitted`: the review queue (admins and moderators). */
export type StoriesStatus = "all" | "submitted";

/**
 * GET /api/admin/blog-posts?status=all|submitted&cursor= → {posts, nextCursor}: newest
 * written first, 20 a page.
 */
export async function fetchAdminStories(
  query: { status: StoriesStatus; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<AdminStoriesPage> {
  const response = await apiRequest("GET", withQuery(adminStoriesPath, { ...query }), signal ? { signal } : {});
  return parseAdminStoriesPage(await response.json());
}

export function useAdminStories(status: StoriesStatus, cursor: string | undefined) {
  return useQuery({
    queryKey: listKey(adminStoriesPath, { status, cursor }),
    queryFn: ({ signal }) => fetchAdminStories({ status, cursor }, signal),
    placeholderData: (previous) => previous,
  });
}
