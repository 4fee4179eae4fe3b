import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { toast } from "@/lib/toast";
import { apiRequest, errorMessage } from "@/lib/api-client";

const messageSchema = z.object({ message: z.string() });

/** POST /api/auth/verify-email {token}: 200 {message}; 400 invalid_token. */
export async function verifyEmail(token: string): Promise<string> {
  const response = await apiRequest("POST", "/api/auth/verify-email", { body: { token } });
  return messageSchema.parse(await response.json()).message;
}

/**
 * Confirms the address once per token: a query, so React's double effects in development
 * and re-renders never post a single-use token twice.
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ["verify-email", token],
    queryFn: () => verifyEmail(token),
    enabled: token !== "",
    gcTime: Infinity,
  });
}

/** POST /api/auth/resend-verification: a new link for the signed-in person. */
export async function resendVerification(): Promise<string> {
  const response = await apiRequest("POST", "/api/auth/resend-verification");
  return messageSchema.parse(await response.json()).message;
}

export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: (message) => toast.success(message),
    onError: (error) =>
      toast.error(errorMessage(error, "We couldn't send a new link. Please try again.")),
  });
}
