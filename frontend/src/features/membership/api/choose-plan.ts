import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { membershipsQueryKey } from "./get-memberships";
import type { Plan } from "./plans";

const checkoutSchema = z.object({ sessionId: z.string(), url: z.string() });
const createdSchema = z.object({ membership: z.object({ id: z.string(), plan: z.string(), status: z.string() }) });

export type PlanChoice = { kind: "active" } | { kind: "checkout"; url: string };

/**
 * POST /api/memberships {plan, price}: 201 {membership} for the free plan, 200 {sessionId,
 * url} for a paid one (the browser goes to the checkout); 401 'Please login to select a
 * membership plan'; 400 'Invalid plan'.
 */
export async function choosePlan(plan: Plan): Promise<PlanChoice> {
  const response = await apiRequest("POST", "/api/memberships", { body: { plan: plan.id, price: plan.price } });
  const data: unknown = await response.json();
  const checkout = checkoutSchema.safeParse(data);
  if (checkout.success) return { kind: "checkout", url: checkout.data.url };
  createdSchema.parse(data);
  return { kind: "active" };
}

export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePlan,
    // The spec: on success the memberships list is refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipsQueryKey }),
  });
}
