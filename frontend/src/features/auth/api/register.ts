import { useMutation } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";
import { site } from "@/lib/site";
import type { User } from "@/lib/user";
import type { SignUpPayload } from "./auth-schemas";
import { authErrorMessage, parseSignedIn } from "./user-schema";

export const REGISTER_FAILED = "We couldn't create your account. Please check your information and try again.";

/** POST /api/auth/register: 201 {token, user} and the session cookie; 400 with fieldErrors. */
export async function register(payload: SignUpPayload): Promise<User> {
  const response = await apiRequest("POST", "/api/auth/register", { body: payload });
  return parseSignedIn(await response.json());
}

export function useRegister() {
  const auth = useAuth();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      auth.signedIn(user);
      toast.welcome(`Welcome to ${site.name}!`, {
        description: "Your account is ready. We've emailed you a link to confirm your address.",
      });
    },
    onError: (error) => toast.error(authErrorMessage(error, REGISTER_FAILED)),
  });
}
