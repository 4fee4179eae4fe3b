import { useMutation } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { ApiError, apiRequest } from "@/lib/api-client";
import type { ResetPasswordValues } from "./auth-schemas";

export const RESET_SUCCEEDED = "Password reset successful. You can now log in with your new password.";
export const RESET_FAILED = "We couldn't reset your password. Please request a new reset link.";

/** POST /api/auth/reset-password: 400 invalid_token for a used, expired or unknown link. */
export async function resetPassword(values: ResetPasswordValues): Promise<void> {
  await apiRequest("POST", "/api/auth/reset-password", { body: values });
}

/** The spec: an error mentioning 'invalid' or 'expired' means the link itself is no good. */
export function isInvalidLinkError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.body?.code === "invalid_token" || error.body?.fieldErrors?.token) return true;
  return /invalid|expired/i.test(error.body?.error ?? "") && error.body?.code !== "validation_failed";
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => toast.success(RESET_SUCCEEDED),
    onError: (error) => {
      if (error instanceof ApiError && error.body?.code === "validation_failed" && !isInvalidLinkError(error)) {
        toast.error(error.body.error);
      } else {
        toast.error(RESET_FAILED);
      }
    },
  });
}
