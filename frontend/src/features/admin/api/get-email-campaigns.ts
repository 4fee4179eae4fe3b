import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { campaignSchema, emailCampaignsQueryKey, type Campaign } from "./emails";
import { fillAbsentInList } from "./schema";

const campaignsSchema = z.object({ campaigns: z.array(campaignSchema) });

export function parseCampaigns(data: unknown): Campaign[] {
  return campaignsSchema.parse(fillAbsentInList(data, "campaigns", ["sentBy", "sentByName"])).campaigns;
}

/** GET /api/admin/email-campaigns → {campaigns} (newest 50) with delivery counts. */
export async function fetchEmailCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  const response = await apiRequest("GET", emailCampaignsQueryKey[0], signal ? { signal } : {});
  return parseCampaigns(await response.json());
}

export function useEmailCampaigns() {
  return useQuery({
    queryKey: emailCampaignsQueryKey,
    queryFn: ({ signal }) => fetchEmailCampaigns(signal),
    // Deliveries go out in the background: fresh counts each time the tab opens.
    staleTime: 0,
  });
}
