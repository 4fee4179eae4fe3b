import { useMutation } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";
import { greetingName, type User } from "@/lib/user";
import type { LoginValues } from "./auth-schemas";
import { authErrorMessage, parseSignedIn } from "./user-schema";

export const LOGIN_FAILED = "We couldn't log you in. Please check your email and password and try again.";

/** POST /api/auth/login: 200 {token, user} and the session cookie; 401 invalid_credentials; 429. */
export async function login(values: LoginValues): Promise<User> {
  const response = await apiRequest("POST", "/api/auth/login", { body: values });
  return parseSignedIn(await response.json());
}

export function useLogin() {
  const auth = useAuth();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      auth.signedIn(user);
      toast.welcome(`Welcome back, ${greetingName(user)}!`);
    },
    onError: (error) => toast.error(authErrorMessage(error, LOGIN_FAILED)),
  });
}
