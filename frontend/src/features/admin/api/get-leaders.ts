import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";

const leadersSchema = z.object({
  leaders: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
});

export type Leader = z.infer<typeof leadersSchema>["leaders"][number];

export const leadersQueryKey = ["/api/admin/leaders"] as const;

/** GET /api/admin/leaders → {leaders: [{id, name, role}]}: who may lead (moderators, admins). */
export async function fetchLeaders(signal?: AbortSignal): Promise<Leader[]> {
  const response = await apiRequest("GET", leadersQueryKey[0], signal ? { signal } : {});
  return leadersSchema.parse(await response.json()).leaders;
}

export function useLeaders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: leadersQueryKey, queryFn: ({ signal }) => fetchLeaders(signal), enabled });
}
