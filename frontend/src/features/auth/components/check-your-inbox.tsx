import { Mail, MailCheck, Send } from "lucide-react";
import { useState } from "react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { SIGNUP_EMAILS_A_DAY, SIGNUP_LINK_HOURS } from "../lib/sign-up-link";
import { AuthCard, inlineLinkClass } from "./auth-card";

/** "Already have an account? Log in", under the sign-up cards. */
export function LogInInstead() {
  return (
    <>
      Already have an account?{" "}
      <Link to="/login" className={inlineLinkClass}>
        Log in
      </Link>
    </>
  );
}

interface Props {
  /** The address as typed. */
  email: string;
  /** Sends the same sign-up again (the server answers the same, and sends a fresh email). */
  sendAgain: () => Promise<unknown>;
  sending: boolean;
  onChangeEmail: () => void;
}

/**
 * What every valid sign-up shows, whether or not the address already has an account: the
 * email sent either finishes signing up or says how to log in (ADR 0018).
 */
export function CheckYourInbox({ email, sendAgain, sending, onChangeEmail }: Props) {
  const [sentAgain, setSentAgain] = useState(0);
  const send = () =>
    void sendAgain().then(
      () => setSentAgain((n) => n + 1),
      // The mutation has already said what went wrong.
      () => undefined,
    );
  return (
    <AuthCard
      announce
      icon={MailCheck}
      title="Check Your Inbox"
      description={
        <>
          We&apos;ve sent an email to <strong className="text-foreground wrap-anywhere">{email}</strong>. Open the
          link in it to finish signing up. It works for {SIGNUP_LINK_HOURS} hours.
        </>
      }
      footer={<LogInInstead />}
    >
      <div className="space-y-3">
        <p className="text-center text-sm text-muted-foreground">
          If you already have an account with this address, the email tells you how to log in instead.
        </p>
        <p className="text-center text-sm text-muted-foreground">
          Nothing there after a few minutes? Check your spam folder, or send it again. We send up to{" "}
          {SIGNUP_EMAILS_A_DAY} a day.
        </p>
        <p role="status" className="min-h-5 text-center text-sm font-semibold text-foreground">
          {/* A new node each time, so a screen reader announces every resend. */}
          {sentAgain > 0 && <span key={sentAgain}>We&apos;ve sent it again.</span>}
        </p>
        <Button variant="outline" className="w-full" disabled={sending} onClick={send}>
          <Send aria-hidden="true" />
          {sending ? "Sending..." : "Send It Again"}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onChangeEmail}>
          <Mail aria-hidden="true" />
          Use a Different Email
        </Button>
      </div>
    </AuthCard>
  );
}
