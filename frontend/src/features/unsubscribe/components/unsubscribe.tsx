import { CircleCheck, LinkIcon, Loader2, MailX } from "lucide-react";
import { Link } from "@/lib/router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ResultPanel } from "@/components/ui/result-panel";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useConfirmUnsubscribe, useUnsubscribeAddress, type MailingList } from "../api/unsubscribe";

const BOOKINGS_STILL_COME = "Emails about your bookings still come.";

/** What each list's link stops, what still comes, and how to turn it back on. */
const LISTS: Record<MailingList, { stops: string; stillComes: string; backOn: string }> = {
  marketing: {
    stops: "news and updates from PlaySpace",
    stillComes: BOOKINGS_STILL_COME,
    backOn: "Turn marketing emails back on in your preferences.",
  },
  "session-alerts": {
    stops: "emails about new sessions that match your favourite sports",
    stillComes: BOOKINGS_STILL_COME,
    backOn: "Turn recommendations back on in your preferences.",
  },
  // A newsletter address need not have an account: nothing about bookings or preferences.
  newsletter: {
    stops: "the PlaySpace newsletter",
    stillComes: "If you have an account, emails about your bookings still come.",
    backOn: "Subscribe again from the Community Stories page.",
  },
};

/** The server's words for a link that is missing, tampered with or not for this purpose. */
export const INVALID_LINK =
  "This unsubscribe link is not valid. Please use the link from your most recent email.";

function PreferencesLink({ variant = "outline" }: { variant?: "outline" | "ghost" }) {
  return (
    <Button asChild variant={variant} className="w-full">
      <Link to="/preferences">Manage Email Preferences</Link>
    </Button>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <ResultPanel icon={LinkIcon} title="Invalid Unsubscribe Link">
      <p className="mt-2 text-muted-foreground">{message}</p>
      <div className="mt-8 space-y-3">
        <PreferencesLink />
        <Button asChild variant="ghost" className="w-full">
          <Link to="/events">Browse Events</Link>
        </Button>
      </div>
    </ResultPanel>
  );
}

const isInvalidToken = (error: unknown) => error instanceof ApiError && error.status === 400;

/**
 * The page an email's unsubscribe link opens (/unsubscribe?token=): shows whose address it
 * is, and stops that list's email (news and updates, or new-session alerts) when the person
 * confirms. No sign-in needed.
 */
export function Unsubscribe({ token }: { token: string }) {
  const address = useUnsubscribeAddress(token);
  const confirm = useConfirmUnsubscribe();

  if (token === "" || isInvalidToken(address.error) || isInvalidToken(confirm.error)) {
    return <InvalidLink message={INVALID_LINK} />;
  }
  if (address.isError) {
    return (
      <ResultPanel icon={MailX} title="Unsubscribe">
        <Alert variant="destructive" role="alert" className="mt-6 text-start">
          {errorMessage(address.error, "We couldn't check your link. Please try again.")}
        </Alert>
        <Button className="mt-6 w-full" onClick={() => void address.refetch()}>
          Try Again
        </Button>
      </ResultPanel>
    );
  }
  if (address.isPending) {
    return (
      <ResultPanel icon={Loader2} title="Unsubscribe">
        <p className="mt-2 text-muted-foreground" role="status">
          Checking your link…
        </p>
      </ResultPanel>
    );
  }
  const list = LISTS[address.data.list];
  if (confirm.isSuccess) {
    return (
      <ResultPanel icon={CircleCheck} title="You're Unsubscribed">
        <p className="mt-2 text-muted-foreground" role="status">
          {confirm.data}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          {list.stillComes} Changed your mind? {list.backOn}
        </p>
        <div className="mt-8 space-y-3">
          <Button asChild className="w-full">
            <Link to="/events">Browse Events</Link>
          </Button>
          <PreferencesLink variant="ghost" />
        </div>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel icon={MailX} title="Unsubscribe">
      <p className="mt-2 text-muted-foreground">
        Stop {list.stops} to <strong className="break-all text-foreground">{address.data.email}</strong>?{" "}
        {list.stillComes}
      </p>
      {confirm.isError && (
        <Alert variant="destructive" role="alert" className="mt-6 text-start">
          {errorMessage(confirm.error, "We couldn't unsubscribe you. Please try again.")}
        </Alert>
      )}
      <div className="mt-8 space-y-3">
        <Button size="lg" className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
          {confirm.isPending ? "Unsubscribing..." : "Unsubscribe"}
        </Button>
        <PreferencesLink variant="ghost" />
      </div>
    </ResultPanel>
  );
}
