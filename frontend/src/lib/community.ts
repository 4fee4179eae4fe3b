import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";

const communitySchema = z.object({
  communityName: z.string(),
  description: z.nullable(z.string()),
  inviteLink: z.nullable(z.string()),
  benefits: z.array(z.string()),
  guidelines: z.array(z.string()),
});

export type Community = z.infer<typeof communitySchema>;

export const communityQueryKey = ["/api/whatsapp-community"] as const;

export function parseCommunity(json: unknown): Community {
  return communitySchema.parse(json);
}

/** GET /api/whatsapp-community: the messaging community; no invite link means 'Coming Soon!'. */
export async function fetchCommunity(signal?: AbortSignal): Promise<Community> {
  const response = await apiRequest("GET", "/api/whatsapp-community", { ...(signal ? { signal } : {}) });
  return parseCommunity(await response.json());
}

/** The community, the same for everyone. */
export function useCommunity() {
  return useQuery({ queryKey: communityQueryKey, queryFn: ({ signal }) => fetchCommunity(signal), staleTime: 60_000 });
}
