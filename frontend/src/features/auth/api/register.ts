import { useMutation } from "@tanstack/react-query";
import { z } from "zod/mini";
import { toast } from "@/lib/toast";
import { apiRequest } from "@/lib/api-client";
import type { SignUpPayload } from "./auth-schemas";
import { authErrorMessage } from "./user-schema";

export const REGISTER_FAILED = "We couldn't create your account. Please check your information and try again.";

/** The server's one answer to every valid sign-up, whether or not the address has an account. */
const checkInboxSchema = z.object({ message: z.string() });

/**
 * POST /api/auth/register: 202 {message, email} (no session yet: the emailed link finishes
 * signing up); 400 with fieldErrors; 429.
 */
export async function register(payload: SignUpPayload): Promise<string> {
  const response = await apiRequest("POST", "/api/auth/register", { body: payload });
  return checkInboxSchema.parse(await response.json()).message;
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onError: (error) => toast.error(authErrorMessage(error, REGISTER_FAILED)),
  });
}
