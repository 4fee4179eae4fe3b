import { z } from "zod/mini";
import { ApiError, apiRequest } from "@/lib/api-client";
import { userSchema, type User } from "@/lib/user";

export const currentUserQueryKey = ["/api/auth/user"] as const;

const responseSchema = z.object({ user: userSchema });

/** GET /api/auth/user: the signed-in person, or null when the session is missing or dead (401). */
export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    const response = await apiRequest("GET", "/api/auth/user", signal ? { signal } : {});
    return responseSchema.parse(await response.json()).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
