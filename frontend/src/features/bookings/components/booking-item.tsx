import { Trans } from "@lingui/react/macro";
import { CalendarDays, Clock, MapPin, UserPlus } from "lucide-react";
import { useRef } from "react";
import { Link } from "@/lib/router";
import { Card } from "@/components/ui/card";
import { companionLine } from "@/lib/companion";
import { formatLongDate, formatTimeRange } from "@/lib/format";
import type { BookingWithEvent } from "../api/booking-schema";
import { canCancelBooking } from "../lib/booking-times";
import { formatPriceOrFree } from "../lib/price";
import { formatShortDateTime } from "../lib/when";
import { CancelBookingDialog } from "./cancel-booking-dialog";
import { CalendarLinks } from "./calendar-links";
import { StatusBadges } from "./status-badges";
import { BookingNeedsEditor } from "./booking-needs-editor";

interface Props {
  booking: BookingWithEvent;
  now: Date;
  upcoming: boolean;
}

/** One booking in My Bookings: reference, event, badges, calendar and cancel. */
export function BookingItem({ booking, now, upcoming }: Props) {
  const { event } = booking;
  const title = useRef<HTMLHeadingElement>(null);
  const live = booking.status !== "cancelled";
  const cancellable = canCancelBooking(booking, now);
  const closedAt = formatShortDateTime(new Date(booking.cancellableUntil));
  const price = formatPriceOrFree(booking.amount);

  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={`booking-${booking.id}`} className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="font-mono text-sm font-semibold tracking-wider text-muted-foreground">
              <span className="sr-only">
                <Trans>Reference</Trans>{" "}
              </span>
              {booking.reference}
            </p>
            <StatusBadges booking={booking} />
          </div>
          <h3 id={`booking-${booking.id}`} ref={title} tabIndex={-1} className="text-xl font-bold outline-none">
            <Link to={`/events/${event.id}`} className="hover:underline">
              <bdi>{event.title}</bdi>
            </Link>
          </h3>
          <ul className="space-y-1.5 text-sm text-muted-foreground">
            <li className="flex items-start gap-2">
              <CalendarDays className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {formatLongDate(event.date)}
            </li>
            <li className="flex items-start gap-2">
              <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {formatTimeRange(event.date, event.duration)}
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <bdi>{event.location}</bdi>
            </li>
            {booking.companion && (
              <li className="flex items-start gap-2 font-semibold text-foreground">
                <UserPlus className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {companionLine(booking)}
              </li>
            )}
          </ul>
          <p className="text-sm">
            <Trans>
              <span className="text-muted-foreground">Price:</span> <span className="font-semibold">{price}</span>
            </Trans>
          </p>
          {upcoming && live && new Date(event.date) > now && <BookingNeedsEditor booking={booking} />}
        </div>
        {upcoming && live && (
          <div className="flex shrink-0 flex-col gap-2 sm:w-60">
            {booking.status === "confirmed" && <CalendarLinks booking={booking} event={event} size="sm" />}
            {cancellable ? (
              <CancelBookingDialog booking={booking} onCancelled={() => title.current?.focus()} />
            ) : (
              <p className="rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
                <Trans>
                  Cancellation closed at {closedAt} (2 hours before the start). Please contact us if you can&apos;t come.
                </Trans>
              </p>
            )}
          </div>
        )}
      </article>
    </Card>
  );
}
