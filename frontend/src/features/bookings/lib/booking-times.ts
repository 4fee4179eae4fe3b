/** Cancelling closes this long before the start (spec: at least 2 hours before). */
export const CANCELLATION_CUTOFF_MS = 2 * 60 * 60 * 1000;

interface Timed {
  /** ISO start instant. */
  date: string;
  /** Minutes. */
  duration: number;
}

export function startsAt(event: Pick<Timed, "date">): Date {
  return new Date(event.date);
}

export function endsAt(event: Timed): Date {
  return new Date(new Date(event.date).getTime() + event.duration * 60_000);
}

/** The last moment a booking for `event` can be cancelled: 2 hours before the start. */
export function cancellableUntil(event: Pick<Timed, "date">): Date {
  return new Date(startsAt(event).getTime() - CANCELLATION_CUTOFF_MS);
}

/** Cancellation is open up to and including exactly 2 hours before the start (as the server rules). */
export function isCancellationOpen(event: Pick<Timed, "date">, now: Date): boolean {
  return now.getTime() <= cancellableUntil(event).getTime();
}

/** Whether a live (not cancelled) booking may still be cancelled at `now`. */
export function canCancelBooking(
  booking: { status: string; event: Pick<Timed, "date"> },
  now: Date,
): boolean {
  return booking.status !== "cancelled" && isCancellationOpen(booking.event, now);
}

/**
 * Upcoming bookings (the event has not finished) soonest first, and past ones most recent
 * first. A session in progress still counts as upcoming: it is today's plan.
 */
export function splitUpcomingPast<T extends { event: Timed }>(
  bookings: readonly T[],
  now: Date,
): { upcoming: T[]; past: T[] } {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const booking of bookings) {
    (endsAt(booking.event).getTime() > now.getTime() ? upcoming : past).push(booking);
  }
  const start = (booking: T) => startsAt(booking.event).getTime();
  upcoming.sort((a, b) => start(a) - start(b));
  past.sort((a, b) => start(b) - start(a));
  return { upcoming, past };
}
