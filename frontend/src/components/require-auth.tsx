import { Trans } from "@lingui/react/macro";
import { Loader2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate } from "@/lib/router";
import { saveReturnUrl } from "@/lib/return-url";
import { useAuth } from "@/lib/auth";

function Checking() {
  return (
    <div className="flex items-center justify-center gap-3 px-4 py-24 text-muted-foreground" role="status">
      <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" /> <Trans>Checking authentication...</Trans>
    </div>
  );
}

/**
 * Shows `children` to a signed-in person. Anyone else is sent to /login, with this page
 * saved as the return address so logging in brings them back. Someone who logs out (or
 * deletes their account) here is left to that action, which goes home.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signOutReason } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (status === "signedIn") wasSignedIn.current = true;
    if (status !== "signedOut") return;
    if (wasSignedIn.current && signOutReason === "chosen") return;
    saveReturnUrl(here);
    navigate("/login", { replace: true });
  }, [status, signOutReason, here, navigate]);

  return status === "signedIn" ? children : <Checking />;
}
