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

/**
 * Whether a live (not cancelled) booking may still be cancelled at `now`: up to and including
 * the server's `cancellableUntil`.
 */
export function canCancelBooking(booking: { status: string; cancellableUntil: string }, now: Date): boolean {
  return booking.status !== "cancelled" && now.getTime() <= new Date(booking.cancellableUntil).getTime();
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
