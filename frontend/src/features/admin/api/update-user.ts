import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { parseAdminUser, usersPath, type AdminUser } from "./admin-user-schema";
import { replaceInLists, type Role } from "./schema";

/** One field per PATCH, as the API takes it. */
export type UserPatch = { firstName: string } | { lastName: string } | { email: string } | { role: Role };

/**
 * PATCH /api/admin/users/{id} with one field → 200 {user}; 400 with the field's message;
 * 409 last_admin (it would leave no admin) or own_admin_role (your own role).
 */
export async function updateUser({ id, patch }: { id: string; patch: UserPatch }): Promise<AdminUser> {
  const response = await apiRequest("PATCH", `${usersPath}/${encodeURIComponent(id)}`, { body: patch });
  const data = (await response.json()) as { user?: unknown };
  return parseAdminUser(data.user);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // In place, so the row being edited keeps its position on the page.
    onSuccess: (user) => replaceInLists(queryClient, usersPath, "users", user),
  });
}
