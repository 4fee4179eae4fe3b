import { CircleCheck, LinkIcon, Loader2, LogIn, Send } from "lucide-react";
import { useEffect } from "react";
import { Link } from "@/lib/router";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { saveReturnUrl } from "@/lib/return-url";
import { useResendVerification, useVerifyEmail } from "../api/verify-email";
import { AuthCard } from "./auth-card";

/** 'Resend' for a signed-in person whose address is still unconfirmed; else a way to get there. */
export function ResendVerificationButton({ className }: { className?: string }) {
  const resend = useResendVerification();
  return (
    <Button
      variant="outline"
      className={className}
      disabled={resend.isPending || resend.isSuccess}
      onClick={() => resend.mutate()}
    >
      <Send aria-hidden="true" />
      {resend.isPending ? "Sending..." : resend.isSuccess ? "Link Sent" : "Resend Confirmation Email"}
    </Button>
  );
}

function InvalidVerificationLink() {
  const { user, status } = useAuth();
  return (
    <AuthCard
      icon={LinkIcon}
      title="Invalid Verification Link"
      description="This confirmation link is invalid or has expired. Links work for 48 hours, and only the newest one works."
    >
      <div className="space-y-3">
        {user && !user.isEmailVerified ? (
          <ResendVerificationButton className="w-full" />
        ) : user ? (
          <p className="text-center text-sm text-muted-foreground">Your email address is already confirmed.</p>
        ) : status === "signedOut" ? (
          <Button asChild size="lg" className="w-full">
            <Link to="/login" onClick={() => saveReturnUrl("/profile")}>
              <LogIn aria-hidden="true" /> Log In to Get a New Link
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="ghost" className="w-full">
          <Link to="/events">Browse Events</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/** Posts the emailed token once and says how it went. */
export function VerifyEmail({ token }: { token: string }) {
  const verification = useVerifyEmail(token);
  const { user, refreshUser } = useAuth();
  const verified = verification.isSuccess;

  // The header and profile should show the address as confirmed straight away.
  useEffect(() => {
    if (verified) void refreshUser();
  }, [verified, refreshUser]);

  if (token === "" || verification.isError) return <InvalidVerificationLink />;
  if (!verified) {
    return (
      <AuthCard
        icon={Loader2}
        title="Confirming Your Email"
        description={<span role="status">Just a moment while we check your link…</span>}
      />
    );
  }
  return (
    <AuthCard icon={CircleCheck} title="Email Confirmed" description={verification.data}>
      <div className="space-y-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/events">Browse Events</Link>
        </Button>
        {user ? (
          <Button asChild variant="outline" className="w-full">
            <Link to="/preferences">Set Your Preferences</Link>
          </Button>
        ) : (
          <Button asChild variant="outline" className="w-full">
            <Link to="/login">
              <LogIn aria-hidden="true" /> Log In
            </Link>
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
