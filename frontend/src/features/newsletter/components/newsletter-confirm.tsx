import { CircleCheck, LinkIcon, Loader2 } from "lucide-react";
import { Link } from "@/lib/router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ResultPanel } from "@/components/ui/result-panel";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useConfirmSubscription } from "../api/newsletter";

/** The server's words for a link that is missing, tampered with, expired or not for this. */
export const INVALID_LINK =
  "This confirmation link is not valid or has expired. Please subscribe again to get a new one.";

function StoriesLink({ variant = "default" }: { variant?: "default" | "outline" }) {
  return (
    <Button asChild size="lg" variant={variant} className="w-full">
      <Link to="/blog">Read Community Stories</Link>
    </Button>
  );
}

/** The page a confirmation email's link opens (/newsletter/confirm?token=): confirms once. */
export function NewsletterConfirm({ token }: { token: string }) {
  const confirmation = useConfirmSubscription(token);
  const invalid = confirmation.error instanceof ApiError && confirmation.error.status === 400;

  if (token === "" || invalid) {
    return (
      <ResultPanel icon={LinkIcon} title="Invalid Confirmation Link">
        <p className="mt-2 text-muted-foreground">{INVALID_LINK}</p>
        <div className="mt-8">
          <StoriesLink />
        </div>
      </ResultPanel>
    );
  }
  if (confirmation.isError) {
    return (
      <ResultPanel icon={LinkIcon} title="Confirm Your Subscription">
        <Alert variant="destructive" role="alert" className="mt-6 text-start">
          {errorMessage(confirmation.error, "We couldn't check your link. Please try again.")}
        </Alert>
        <Button className="mt-6 w-full" onClick={() => void confirmation.refetch()}>
          Try Again
        </Button>
      </ResultPanel>
    );
  }
  if (confirmation.isPending) {
    return (
      <ResultPanel icon={Loader2} title="Confirming Your Subscription">
        <p className="mt-2 text-muted-foreground" role="status">
          Just a moment while we check your link…
        </p>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel icon={CircleCheck} title="Subscription Confirmed">
      <p className="mt-2 text-muted-foreground" role="status">
        {confirmation.data}
      </p>
      <p className="mt-2 text-sm text-muted-foreground">
        Every newsletter has a link to unsubscribe whenever you like.
      </p>
      <div className="mt-8 space-y-3">
        <StoriesLink />
        <Button asChild variant="ghost" className="w-full">
          <Link to="/events">Browse Events</Link>
        </Button>
      </div>
    </ResultPanel>
  );
}
