import { z } from "zod/mini";

/** The signed-in person as GET /api/auth/user, login and register return them. */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  chosenName: z.nullable(z.string()),
  pronouns: z.nullable(z.string()),
  email: z.string(),
  role: z.string(),
  isEmailVerified: z.boolean(),
  profileImageUrl: z.nullable(z.string()),
});

export type User = z.infer<typeof userSchema>;

/** The name to greet someone by: their chosen name if they gave one. */
export function greetingName(user: Pick<User, "firstName" | "chosenName">): string {
  return user.chosenName?.trim() || user.firstName;
}

/** "Nia Silva": the chosen (or first) name and the last name. */
export function fullName(user: Pick<User, "firstName" | "lastName" | "chosenName">): string {
  return `${greetingName(user)} ${user.lastName}`.trim();
}
