import type { QueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { fillAbsent, fillAbsentInList, instant, oneOf } from "./schema";
import { REVIEW_STATUSES } from "@/generated/shared-rules/stories";

export const adminStoriesPath = "/api/admin/blog-posts";

export { REVIEW_STATUSES };

const NULLABLE = ["publishedAt", "reviewStatus", "declineReason"] as const;

export const adminStorySchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  authorName: z.string(),
  isPublished: z.boolean(),
  publishedAt: z.nullable(instant()),
  /** null for the team's own posts. */
  reviewStatus: z.nullable(oneOf(REVIEW_STATUSES)),
  declineReason: z.nullable(z.string()),
  /** Whether a decline reaches the author by email (never the address itself). */
  hasAuthorEmail: z.boolean(),
  createdAt: instant(),
  updatedAt: instant(),
});

export type AdminStory = z.infer<typeof adminStorySchema>;

const pageSchema = z.object({ posts: z.array(adminStorySchema), nextCursor: z.nullable(z.string()) });
export type AdminStoriesPage = z.infer<typeof pageSchema>;

export function parseAdminStory(data: unknown): AdminStory {
  return adminStorySchema.parse(fillAbsent(data, NULLABLE));
}

export function parseAdminStoriesPage(data: unknown): AdminStoriesPage {
  return pageSchema.parse(fillAbsentInList(data, "posts", NULLABLE, ["nextCursor"]));
}

/** The `{post}` answer of every single-story action. */
export async function storyFrom(response: Response): Promise<AdminStory> {
  const data = (await response.json()) as { post?: unknown };
  return parseAdminStory(data.post);
}

/**
 * After any story changed: the Blog tab's lists, the public stories pages (their keys
 * start with /api/blog-posts) and the Overview.
 */
export function refreshAfterStoryChange(queryClient: QueryClient): void {
  for (const path of [adminStoriesPath, "/api/blog-posts", "/api/admin/dashboard-stats", "/api/admin/audit-logs"]) {
    void queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(path),
    });
  }
}
