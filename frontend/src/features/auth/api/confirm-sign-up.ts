import { useMutation } from "@tanstack/react-query";
import { z } from "zod/mini";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { ApiError, apiRequest } from "@/lib/api-client";
import { site } from "@/lib/site";
import type { User } from "@/lib/user";
import { authErrorMessage, parseSignedIn } from "./user-schema";

export const CONFIRM_FAILED = "We couldn't finish signing you up. Please try again.";
export const PASSWORD_REQUIRED = "Please enter the password you chose";

export const confirmSignUpSchema = z.object({
  password: z.string().check(z.minLength(1, PASSWORD_REQUIRED)),
});
export type ConfirmSignUpValues = z.output<typeof confirmSignUpSchema>;

/** The answers the confirm page shows in place of its form. */
export type LinkProblem = "invalid_token" | "email_taken";

/** Which of them `error` is, if any. */
export function linkProblem(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.body?.code;
  return code === "invalid_token" || code === "email_taken" ? code : null;
}

/**
 * POST /api/auth/register/confirm {token, password}: 201 {token, user} and the session
 * cookie; 400 invalid_token (expired, used or replaced) or validation_failed (the password);
 * 409 email_taken.
 */
export async function confirmSignUp(values: ConfirmSignUpValues & { token: string }): Promise<User> {
  const response = await apiRequest("POST", "/api/auth/register/confirm", { body: values });
  return parseSignedIn(await response.json());
}

export function useConfirmSignUp() {
  const auth = useAuth();
  return useMutation({
    mutationFn: confirmSignUp,
    onSuccess: (user) => {
      auth.signedIn(user);
      toast.welcome(`Welcome to ${site.name}!`, {
        description: "Your account is ready. Find a session you'd enjoy and book your spot.",
      });
    },
    onError: (error) => {
      // The page itself shows these: a link that no longer works, an account already made,
      // and the password's message under its field.
      const shown = linkProblem(error) !== null || (error instanceof ApiError && error.body?.fieldErrors);
      if (!shown) toast.error(authErrorMessage(error, CONFIRM_FAILED));
    },
  });
}
