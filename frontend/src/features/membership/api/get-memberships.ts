import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";

export const membershipsQueryKey = ["/api/memberships"] as const;

const membershipSchema = z.object({
  id: z.string(),
  plan: z.string(),
  status: z.string(),
  price: z.string(),
  startDate: z.string(),
  endDate: z.nullable(z.string()),
});

export type Membership = z.infer<typeof membershipSchema>;

/** GET /api/memberships: the person's memberships, newest first. */
export async function fetchMemberships(signal?: AbortSignal): Promise<Membership[]> {
  const response = await apiRequest("GET", "/api/memberships", { ...(signal ? { signal } : {}) });
  return z.array(membershipSchema).parse(await response.json());
}

/** The plan in force: the newest active membership not yet past its end (a cancelled paid plan has one). */
export function currentMembership(list: readonly Membership[], now = Date.now()): Membership | undefined {
  return list.find(
    (membership) =>
      membership.status === "active" && (membership.endDate === null || Date.parse(membership.endDate) > now),
  );
}

export function useMemberships() {
  const { user } = useAuth();
  return useQuery({
    // Keyed by person, so one person's plan never shows to the next one in this tab.
    queryKey: [...membershipsQueryKey, user?.id],
    queryFn: ({ signal }) => fetchMemberships(signal),
    enabled: user !== null,
    staleTime: 0,
  });
}
