import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { communityQueryKey, parseCommunity, type Community } from "@/lib/community";

/** PUT /api/admin/whatsapp-community → 200 the saved settings; 400 with each field's message. */
export async function updateCommunity(settings: Community): Promise<Community> {
  const response = await apiRequest("PUT", "/api/admin/whatsapp-community", { body: settings });
  return parseCommunity(await response.json());
}

export function useUpdateCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommunity,
    onSuccess: (saved) => queryClient.setQueryData(communityQueryKey, saved),
  });
}
