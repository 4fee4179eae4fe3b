import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarX } from "lucide-react";
import { Link, useParams } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import {
  BackToEvents,
  EventDetail,
  EventDetailSkeleton,
} from "@/features/events/components/event-detail";
import { useEvent } from "@/features/events/api/get-event";
import { BookingSideCard } from "@/features/bookings/components/booking-side-card";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function EventDetailPage() {
  const { id = "" } = useParams();
  const event = useEvent(id);
  const { t } = useLingui();
  useDocumentTitle(event.data ? event.data.title : event.isError ? t`Event Not Found` : t`Loading event`);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <BackToEvents />
      {event.data ? (
        <EventDetail event={event.data} bookingPanel={<BookingSideCard event={event.data} />} />
      ) : event.isError ? (
        <EmptyState
          icon={CalendarX}
          title={t`Event Not Found`}
          headingLevel="h1"
          actions={
            <Button asChild>
              <Link to="/events">
                <Trans>Back to Events</Trans>
              </Link>
            </Button>
          }
        >
          <Trans>The event you&apos;re looking for doesn&apos;t exist or has been removed.</Trans>
        </EmptyState>
      ) : (
        <EventDetailSkeleton />
      )}
    </div>
  );
}
