import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";

const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Decimal pounds; "0.00" shows as Free. */
  price: z.string(),
  period: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  popular: z.boolean(),
});

/** A plan as the server offers it (GET /api/membership-plans); its price is the server's. */
export type Plan = z.infer<typeof planSchema>;

/** GET /api/membership-plans: the plans in the order the page shows them. */
export async function fetchPlans(signal?: AbortSignal): Promise<Plan[]> {
  const response = await apiRequest("GET", "/api/membership-plans", { ...(signal ? { signal } : {}) });
  return z.array(planSchema).parse(await response.json());
}

export function usePlans() {
  // The same for everyone and changed only by a release.
  return useQuery({ queryKey: ["/api/membership-plans"], queryFn: ({ signal }) => fetchPlans(signal), staleTime: 5 * 60_000 });
}

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** "Free" for 0.00, otherwise "£15.00". */
export function planPrice(price: string): string {
  const amount = Number(price);
  return amount === 0 ? "Free" : pounds.format(amount);
}

/** The plan's name as offered, or its id capitalised before the plans have arrived. */
export function planName(plans: readonly Plan[] | undefined, id: string): string {
  return plans?.find((plan) => plan.id === id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
}
