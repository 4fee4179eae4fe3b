import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { isPhoneNumber, MESSAGES, newPassword } from "@/lib/validation";
import { parseAdminUser, usersPath, type AdminUser } from "./admin-user-schema";
import { dashboardStatsQueryKey } from "./get-dashboard-stats";
import { ROLES, type Role } from "./schema";

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** The Create user dialog, with the spec's messages (the registration schema's rules). */
export const createUserSchema = z.object({
  firstName: required(MESSAGES.firstName),
  lastName: required(MESSAGES.lastName),
  email: z.pipe(z.string().check(z.trim()), z.email(MESSAGES.signUpEmail)),
  password: newPassword(),
  phone: z.string().check(z.trim(), z.refine((value) => value === "" || isPhoneNumber(value), MESSAGES.phone)),
  role: z.string().check(z.refine((value) => (ROLES as readonly string[]).includes(value), "Please choose a role")),
});

export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUserValues = z.output<typeof createUserSchema>;

/** POST /api/admin/users {firstName, lastName, email, password, phone?, role} → 201 {user}. */
export async function createUser(values: CreateUserValues): Promise<AdminUser> {
  const { phone, ...rest } = values;
  const response = await apiRequest("POST", usersPath, {
    body: { ...rest, role: values.role as Role, ...(phone ? { phone } : {}) },
  });
  const data = (await response.json()) as { user?: unknown };
  return parseAdminUser(data.user);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [usersPath] });
      void queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey });
    },
  });
}
