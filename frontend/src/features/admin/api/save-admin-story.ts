import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminStoriesPath, refreshAfterStoryChange, storyFrom, type AdminStory } from "./admin-story-schema";

export interface StoryFields {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  authorName: string;
}

/**
 * POST /api/admin/blog-posts {fields, isPublished} → 201 {post}, or PUT
 * /api/admin/blog-posts/{id} {fields} → 200 {post}; 400 with the story form's messages.
 */
export async function saveAdminStory(input: { id?: string | undefined; fields: StoryFields; isPublished: boolean }): Promise<AdminStory> {
  const response = input.id
    ? await apiRequest("PUT", `${adminStoriesPath}/${encodeURIComponent(input.id)}`, { body: input.fields })
    : await apiRequest("POST", adminStoriesPath, { body: { ...input.fields, isPublished: input.isPublished } });
  return storyFrom(response);
}

export function useSaveAdminStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAdminStory, onSuccess: () => refreshAfterStoryChange(queryClient) });
}
