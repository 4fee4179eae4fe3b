import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { usersPath } from "./admin-user-schema";
import { dashboardStatsQueryKey } from "./get-dashboard-stats";
import type { Role } from "./schema";

export type BulkUserAction = { action: "delete"; userIds: string[] } | { action: "updateRole"; userIds: string[]; data: { role: Role } };

const resultSchema = z.object({ affected: z.int() });

/**
 * POST /api/admin/users/bulk-action {action, userIds, data?} → 200 {affected}; 400 'No items
 * selected' when userIds is empty; 409 last_admin / own_admin_role as for one user.
 */
export async function bulkUserAction(request: BulkUserAction): Promise<{ affected: number }> {
  const response = await apiRequest("POST", `${usersPath}/bulk-action`, { body: request });
  return resultSchema.parse(await response.json());
}

export function useBulkUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUserAction,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [usersPath] });
      void queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey });
    },
  });
}
