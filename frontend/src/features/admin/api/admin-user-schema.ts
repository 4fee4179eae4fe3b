import { z } from "zod/mini";
import { fillAbsent, fillAbsentInList, instant, oneOf, ROLES } from "./schema";

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: oneOf(ROLES),
  isEmailVerified: z.boolean(),
  lastLogin: z.nullable(instant()),
  createdAt: instant(),
});

export type AdminUser = z.infer<typeof adminUserSchema>;

const usersPageSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.nullable(z.string()),
  total: z.int(),
});

export type UsersPage = z.infer<typeof usersPageSchema>;

export function parseUsersPage(data: unknown): UsersPage {
  return usersPageSchema.parse(fillAbsentInList(data, "users", ["lastLogin"], ["nextCursor"]));
}

export function parseAdminUser(data: unknown): AdminUser {
  return adminUserSchema.parse(fillAbsent(data, ["lastLogin"]));
}

export const usersPath = "/api/admin/users";
