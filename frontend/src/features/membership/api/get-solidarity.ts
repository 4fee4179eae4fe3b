import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";

const solidarityMonthSchema = z.object({
  monthStart: z.string(),
  placesUsed: z.int(),
  supporters: z.int(),
  /** A signed-in Supporter's equal share of the month's places, to one decimal; null otherwise. */
  yourShare: z.nullable(z.number()),
});

export type SolidarityMonth = z.infer<typeof solidarityMonthSchema>;

/** GET /api/solidarity: this London month's solidarity places (counts only, ADR 0022). */
export async function fetchSolidarityMonth(signal?: AbortSignal): Promise<SolidarityMonth> {
  const response = await apiRequest("GET", "/api/solidarity", { ...(signal ? { signal } : {}) });
  return solidarityMonthSchema.parse(await response.json());
}

/** The month's figures for a Supporter (`enabled` once their plan is known to be one). */
export function useSolidarityMonth(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ["/api/solidarity", user?.id],
    queryFn: ({ signal }) => fetchSolidarityMonth(signal),
    enabled: enabled && user !== null,
  });
}

/** "Your plan funded 2.5 free places this month", in plain words. */
export function fundedLine(month: Pick<SolidarityMonth, "yourShare">): string | null {
  const share = month.yourShare;
  if (share === null) return null;
  if (share === 0) return "No free places have been taken yet this month. Your plan is ready for the next person who needs one.";
  const places = share === 1 ? "1 free place" : `${share.toLocaleString("en-GB", { maximumFractionDigits: 1 })} free places`;
  return `Your plan funded ${places} this month. Thank you.`;
}
