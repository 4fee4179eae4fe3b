import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CalendarX, CheckCircle2, Clock } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { useEvent } from "@/features/events/api/get-event";
import type { Booking } from "@/features/bookings/api/booking-schema";
import type { SportEvent } from "@/lib/event-schema";
import { useBookingContact } from "@/features/bookings/api/get-booking-contact";
import { useLiveBookingFor } from "@/features/bookings/api/get-my-bookings";
import { BookingConfirmed } from "@/features/bookings/components/booking-confirmed";
import { BookingForm } from "@/features/bookings/components/booking-form";
import { CalendarLinks } from "@/features/bookings/components/calendar-links";
import { EventFactsCard } from "@/features/bookings/components/event-facts-card";
import { LoadingMessage } from "@/features/bookings/components/loading-message";
import { StatusBadges } from "@/features/bookings/components/status-badges";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { greetingName } from "@/lib/user";
import { useAuth } from "@/lib/auth";
import { RequireAuth } from "@/components/require-auth";

function AlreadyBooked({ booking, event }: { booking: Booking; event: SportEvent }) {
  const { reference } = booking;
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-lg font-bold">
        <CheckCircle2 className="size-5 text-accent" aria-hidden="true" /> <Trans>You&apos;re already booked</Trans>
      </p>
      <p className="text-muted-foreground">
        <Trans>
          You have a place at this event. Your booking reference is{" "}
          <strong className="font-mono text-foreground">{reference}</strong>.
        </Trans>
      </p>
      <StatusBadges booking={booking} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {booking.status === "confirmed" && <CalendarLinks booking={booking} event={event} />}
        <Button asChild variant="outline">
          <Link to="/bookings">
            <Trans>View My Bookings</Trans>
          </Link>
        </Button>
      </div>
    </div>
  );
}

function BookingClosed() {
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-lg font-bold">
        <Clock className="size-5 text-primary" aria-hidden="true" /> <Trans>Booking has closed</Trans>
      </p>
      <p className="text-muted-foreground">
        <Trans>This session has already started or is no longer running, so it can&apos;t be booked.</Trans>
      </p>
      <Button asChild variant="outline">
        <Link to="/events">
          <Trans>Browse Other Events</Trans>
        </Link>
      </Button>
    </div>
  );
}

function BookingScreen() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const event = useEvent(id);
  const contact = useBookingContact();
  const existing = useLiveBookingFor(id);
  const [booked, setBooked] = useState<Booking | null>(null);
  const now = useNow(60_000);
  const { t } = useLingui();
  const title = event.data?.title;
  useDocumentTitle(
    booked ? t`Booking Confirmed` : title !== undefined ? t`Book ${title}` : event.isError ? t`Event Not Found` : t`Book Your Spot`,
  );

  if (!user) return null;
  if (event.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
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
          <Trans>The event you&apos;re looking for doesn&apos;t exist.</Trans>
        </EmptyState>
      </div>
    );
  }
  if (!event.data || event.isPlaceholderData || contact.isLoading || existing.isLoading) {
    return <LoadingMessage>{t`Loading event details...`}</LoadingMessage>;
  }
  const data = event.data;
  if (booked) {
    return (
      <div className="px-4 py-10 sm:px-6 sm:py-14">
        <BookingConfirmed booking={booked} event={data} />
      </div>
    );
  }
  const closed = !data.isActive || new Date(data.date).getTime() <= now.getTime();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link
        to={`/events/${data.id}`}
        className="inline-flex items-center gap-2 rounded-lg text-sm font-semibold text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> <Trans>Back to Event</Trans>
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
        <Trans>Complete Your Booking</Trans>
      </h1>
      <p className="mt-2 text-lg text-muted-foreground">
        <Trans>A few details so our session leaders can welcome you safely.</Trans>
      </p>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="lg:sticky lg:top-24">
          <EventFactsCard event={data} />
        </div>
        <Card className="p-5 sm:p-8">
          <section aria-labelledby="book-your-spot">
            <h2 id="book-your-spot" className="mb-6 text-2xl font-bold">
              <Trans>Book Your Spot</Trans>
            </h2>
            {existing.booking ? (
              <AlreadyBooked booking={existing.booking} event={data} />
            ) : closed ? (
              <BookingClosed />
            ) : (
              <BookingForm
                event={data}
                known={{
                  firstName: greetingName(user),
                  lastName: user.lastName,
                  email: user.email,
                  ...contact.data,
                }}
                onBooked={(booking) => {
                  window.scrollTo({ top: 0 });
                  setBooked(booking);
                }}
              />
            )}
          </section>
        </Card>
      </div>
    </div>
  );
}

export default function BookingPage() {
  return (
    <RequireAuth>
      <BookingScreen />
    </RequireAuth>
  );
}
