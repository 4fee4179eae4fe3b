import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { membershipsQueryKey } from "./get-memberships";

const cancelledSchema = z.object({
  title: z.string(),
  message: z.string(),
  membership: z.object({ endDate: z.nullable(z.string()) }),
});

/**
 * POST /api/memberships/cancel: 200 {title, message, membership} (the plan runs to its
 * endDate); 409 'You have no paid plan to cancel'; 502 when the payment provider failed.
 */
async function cancelPlan() {
  const response = await apiRequest("POST", "/api/memberships/cancel");
  return cancelledSchema.parse(await response.json());
}

export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipsQueryKey }),
  });
}
