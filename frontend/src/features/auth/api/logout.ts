import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@/lib/router";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { ApiError, apiRequest } from "@/lib/api-client";

export const LOGGED_OUT = "You have been successfully logged out.";

/** POST /api/auth/logout: revokes the session and clears the cookie. */
export async function logout(): Promise<void> {
  try {
    await apiRequest("POST", "/api/auth/logout");
  } catch (error) {
    // Already signed out on the server (expired, revoked elsewhere): the goal is reached.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** Logs out, says so, and goes home. */
export function useLogout() {
  const auth = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      navigate("/");
      auth.signedOut("chosen");
      toast.success(LOGGED_OUT);
    },
    onError: () => toast.error("We couldn't log you out. Please check your connection and try again."),
  });
}
