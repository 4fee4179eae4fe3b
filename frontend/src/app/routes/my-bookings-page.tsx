import { Trans, useLingui } from "@lingui/react/macro";
import { Ticket } from "lucide-react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { MyBookings } from "@/features/bookings/components/my-bookings";
import { useDocumentTitle } from "@/lib/use-document-title";
import { RequireAuth } from "@/components/require-auth";

export default function MyBookingsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My Bookings`);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="mb-10 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight">
            <Trans>My Bookings</Trans>
          </h1>
          <p className="mt-3 text-lg text-muted-foreground">
            <Trans>Your sessions, references and calendar files. Cancel up to 2 hours before the start.</Trans>
          </p>
        </div>
        <Button asChild variant="outline" className="shrink-0">
          <Link to="/events">
            <Ticket aria-hidden="true" /> <Trans>Book Another Session</Trans>
          </Link>
        </Button>
      </div>
      <RequireAuth>
        <MyBookings />
      </RequireAuth>
    </div>
  );
}
