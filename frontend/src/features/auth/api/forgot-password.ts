import { useMutation } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { ApiError, apiRequest } from "@/lib/api-client";
import type { ForgotPasswordValues } from "./auth-schemas";

export const RESET_LINK_SENT = "Password reset link sent to your email.";
export const FORGOT_FAILED = "We couldn't send the password reset email. Please try again.";

/** POST /api/auth/forgot-password: the same 200 whether or not the address has an account. */
export async function requestPasswordReset(values: ForgotPasswordValues): Promise<void> {
  await apiRequest("POST", "/api/auth/forgot-password", { body: values });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => toast.success(RESET_LINK_SENT),
    onError: (error) => {
      const body = error instanceof ApiError ? error.body : null;
      toast.error(body?.code === "rate_limited" ? body.error : FORGOT_FAILED);
    },
  });
}
