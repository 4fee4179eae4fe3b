import { z } from "zod/mini";
import { ApiError } from "@/lib/api-client";
import { userSchema, type User } from "@/lib/user";

/**
 * Login and register answer `{token, user}`. The token is deliberately ignored: the browser
 * holds the session in an HttpOnly cookie, and a token in page storage could be stolen.
 */
const signedInSchema = z.object({ token: z.string(), user: userSchema });

export const INVALID_RESPONSE = "Invalid response from server";

/** The spec's check that a login or register answer has both a token and a user. */
export function parseSignedIn(data: unknown): User {
  const parsed = signedInSchema.safeParse(data);
  if (!parsed.success) throw new Error(INVALID_RESPONSE);
  return parsed.data.user;
}

/** The message to show for a failed auth call: the server's, the response check's, or `fallback`. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body) return error.body.error;
  if (error instanceof Error && error.message === INVALID_RESPONSE) return INVALID_RESPONSE;
  return fallback;
}
