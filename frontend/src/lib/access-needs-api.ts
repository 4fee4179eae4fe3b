import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";

/** GET|PUT /api/user/access-needs: the member's own needs and their consent to share them. */
export const accessNeedsSchema = z.object({
  needs: z.array(z.string()),
  note: z.nullable(z.string()),
  shareWithLeader: z.boolean(),
});
export type AccessNeeds = z.infer<typeof accessNeedsSchema>;

/** Under /api/user/, so it is forgotten at sign-out. */
export const accessNeedsQueryKey = ["/api/user/access-needs"] as const;

export async function fetchAccessNeeds(signal?: AbortSignal): Promise<AccessNeeds> {
  const response = await apiRequest("GET", "/api/user/access-needs", { ...(signal ? { signal } : {}) });
  return accessNeedsSchema.parse(await response.json());
}

export function useAccessNeeds() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...accessNeedsQueryKey, user?.id],
    queryFn: ({ signal }) => fetchAccessNeeds(signal),
    enabled: user !== null,
  });
}

/** PUT /api/user/access-needs → the needs as saved; 400 with fieldErrors {needs, note}. */
export async function saveAccessNeeds(body: AccessNeeds): Promise<AccessNeeds> {
  const response = await apiRequest("PUT", "/api/user/access-needs", { body });
  return accessNeedsSchema.parse(await response.json());
}

export function useSaveAccessNeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccessNeeds,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accessNeedsQueryKey });
      // Upcoming bookings carrying the shared copy have changed with it.
      void queryClient.invalidateQueries({ queryKey: ["/api/bookings"] });
    },
  });
}
