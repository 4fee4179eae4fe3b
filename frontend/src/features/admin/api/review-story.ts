import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminStoriesPath, parseAdminStory, refreshAfterStoryChange, storyFrom, type AdminStory } from "./admin-story-schema";

export type StoryAction = "approve" | "publish" | "unpublish";

/**
 * POST /api/admin/blog-posts/{id}/approve (admins and moderators: publishes a submitted
 * story), /publish or /unpublish (admins: the team's posts and approved stories) → {post};
 * 409 when the story is not in a state for it.
 */
export async function storyAction(input: { id: string; action: StoryAction }): Promise<AdminStory> {
  const response = await apiRequest("POST", `${adminStoriesPath}/${encodeURIComponent(input.id)}/${input.action}`);
  return storyFrom(response);
}

export function useStoryAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: storyAction, onSuccess: () => refreshAfterStoryChange(queryClient) });
}

/**
 * POST /api/admin/blog-posts/{id}/decline {reason} → {post, emailed}: emailed when the
 * author sent it signed in. 400 fieldErrors.reason.
 */
export async function declineStory(input: { id: string; reason: string }): Promise<{ post: AdminStory; emailed: boolean }> {
  const response = await apiRequest("POST", `${adminStoriesPath}/${encodeURIComponent(input.id)}/decline`, {
    body: { reason: input.reason },
  });
  const data = (await response.json()) as { post?: unknown; emailed?: unknown };
  return { post: parseAdminStory(data.post), emailed: data.emailed === true };
}

export function useDeclineStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineStory, onSuccess: () => refreshAfterStoryChange(queryClient) });
}
