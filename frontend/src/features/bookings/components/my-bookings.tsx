import { Trans, useLingui } from "@lingui/react/macro";
import { AlertTriangle, CalendarCheck, History } from "lucide-react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Card } from "@/components/ui/card";
import { useNow } from "@/lib/use-now";
import { useMyBookings } from "../api/get-my-bookings";
import { splitUpcomingPast } from "../lib/booking-times";
import { BookingItem } from "./booking-item";

function ListSkeleton() {
  return (
    <div className="space-y-4" role="status">
      <span className="sr-only">
        <Trans>Loading your bookings…</Trans>
      </span>
      {[0, 1, 2].map((n) => (
        <Card key={n} className="space-y-3 p-6">
          <Skeleton className="h-5 w-40 rounded-lg" />
          <Skeleton className="h-7 w-2/3 rounded-lg" />
          <Skeleton className="h-4 w-1/2 rounded-lg" />
        </Card>
      ))}
    </div>
  );
}

/** Upcoming and past bookings, with loading, empty and error states. */
export function MyBookings() {
  const bookings = useMyBookings();
  // Re-evaluated each minute so the 2-hour cancellation cut-off applies while the page is open.
  const now = useNow(60_000);
  const { t } = useLingui();

  if (bookings.isPending) return <ListSkeleton />;
  if (bookings.isError) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title={t`We couldn't load your bookings`}
        actions={
          <Button onClick={() => void bookings.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        }
      >
        <Trans>Please check your connection and try again.</Trans>
      </EmptyState>
    );
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyState
        icon={CalendarCheck}
        title={t`No bookings yet`}
        actions={
          <Button asChild>
            <Link to="/events">
              <Trans>Browse Events</Trans>
            </Link>
          </Button>
        }
      >
        <Trans>When you book a session it will appear here, with your reference and a calendar file.</Trans>
      </EmptyState>
    );
  }

  const { upcoming, past } = splitUpcomingPast(bookings.data, now);
  return (
    <div className="space-y-12">
      <section aria-labelledby="upcoming-bookings" className="space-y-4">
        <h2 id="upcoming-bookings" className="flex items-center gap-2 text-2xl font-bold">
          <CalendarCheck className="size-6 text-primary" aria-hidden="true" /> <Trans>Upcoming</Trans>
          <span className="text-base font-semibold text-muted-foreground">({upcoming.length})</span>
        </h2>
        {upcoming.length === 0 ? (
          <p className="rounded-2xl border border-dashed bg-card p-6 text-muted-foreground">
            <Trans>
              Nothing booked yet.{" "}
              <Link to="/events" className="font-semibold text-primary underline underline-offset-4 hover:no-underline">
                Find your next session
              </Link>
              .
            </Trans>
          </p>
        ) : (
          <ul className="space-y-4">
            {upcoming.map((booking) => (
              <li key={booking.id}>
                <BookingItem booking={booking} now={now} upcoming />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="past-bookings" className="space-y-4">
        <h2 id="past-bookings" className="flex items-center gap-2 text-2xl font-bold">
          <History className="size-6 text-primary" aria-hidden="true" /> <Trans>Past</Trans>
          <span className="text-base font-semibold text-muted-foreground">({past.length})</span>
        </h2>
        {past.length === 0 ? (
          <p className="rounded-2xl border border-dashed bg-card p-6 text-muted-foreground">
            <Trans>No past bookings yet.</Trans>
          </p>
        ) : (
          <ul className="space-y-4">
            {past.map((booking) => (
              <li key={booking.id}>
                <BookingItem booking={booking} now={now} upcoming={false} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
