import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays, CheckCircle2, Mail, MapPin, Ticket } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { SportEvent } from "@/lib/event-schema";
import { site } from "@/lib/site";
import type { Booking } from "../api/booking-schema";
import { formatPriceOrFree } from "../lib/price";
import { formatWhen } from "../lib/when";
import { CalendarLinks } from "./calendar-links";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="shrink-0 text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="font-semibold sm:text-end">{children}</dd>
    </div>
  );
}

/**
 * The booking page's success view: the server's reference, the event, date and price, the
 * confirmation email note and the calendar file. Focus moves to its heading.
 */
export function BookingConfirmed({ booking, event }: { booking: Booking; event: SportEvent }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useLingui();
  const name = site.name;
  const { reference } = booking;
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Card className="mx-auto max-w-2xl p-6 text-center sm:p-10">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent-soft-foreground">
        <CheckCircle2 className="size-9" aria-hidden="true" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-5 text-3xl font-extrabold tracking-tight outline-none sm:text-4xl">
        <Trans>Booking Confirmed!</Trans>
      </h1>
      <p className="mx-auto mt-3 max-w-md text-lg text-muted-foreground">
        <Trans>Thank you for booking with {name}. We&apos;re excited to see you at the event!</Trans>
      </p>

      <div className="mt-8 rounded-2xl border bg-muted/40 px-5 py-2 text-start">
        <dl className="divide-y">
          <Row label={t`Booking Reference`}>
            <span className="font-mono text-lg tracking-wider" data-testid="booking-reference">
              {booking.reference}
            </span>
          </Row>
          <Row label={t`Event`}>
            <bdi>{event.title}</bdi>
          </Row>
          <Row label={t`Date`}>
            <span className="inline-flex items-center gap-2">
              <CalendarDays className="size-4 text-primary" aria-hidden="true" />
              {formatWhen(event)}
            </span>
          </Row>
          <Row label={t`Location`}>
            <span className="inline-flex items-center gap-2">
              <MapPin className="size-4 text-primary" aria-hidden="true" />
              <bdi>{event.location}</bdi>
            </span>
          </Row>
          <Row label={t`Price`}>
            {formatPriceOrFree(booking.amount)}
            {Number(booking.amount) > 0 && booking.paymentMethod === "cash" && (
              <span className="block text-sm font-normal text-muted-foreground">
                <Trans>Pay cash on arrival</Trans>
              </span>
            )}
          </Row>
        </dl>
      </div>

      <div className="mt-6 space-y-3 text-start text-sm">
        <p className="flex gap-3 rounded-xl bg-accent-soft p-4 text-accent-soft-foreground">
          <Mail className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>
            <Trans>
              A confirmation email is on its way with your booking details. Please arrive 15 minutes early and quote your
              booking reference <strong className="font-mono">{reference}</strong> when you arrive.
            </Trans>
          </span>
        </p>
      </div>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild size="lg">
          <Link to="/events">
            <Ticket aria-hidden="true" /> <Trans>Browse More Events</Trans>
          </Link>
        </Button>
        <CalendarLinks booking={booking} event={event} size="lg" justConfirmed />
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        <Trans>
          See all your bookings, or cancel up to 2 hours before the start, in{" "}
          <Link to="/bookings" className="font-semibold text-primary underline underline-offset-4 hover:no-underline">
            My Bookings
          </Link>
          .
        </Trans>
      </p>
    </Card>
  );
}
