import { useCallback } from "react";
import { useNavigate } from "@/lib/router";
import { takeReturnUrl } from "@/lib/return-url";

/** The spec's redirect after login or sign-up: 100 ms later, to the saved address or "/". */
export const REDIRECT_DELAY_MS = 100;

export function useRedirectAfterSignIn(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const target = takeReturnUrl();
    window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
  }, [navigate]);
}
