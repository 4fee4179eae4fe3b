import { t } from "@lingui/core/macro";
import type { SportEvent } from "@/lib/event-schema";
import { useLiveBookingFor } from "../api/get-my-bookings";
import { useWaitlistEntry } from "../api/get-waitlist-entry";
import { useHasPassed } from "../lib/deadline";
import { BookYourSpotCard } from "./book-your-spot-card";
import { WaitlistPanel } from "./waitlist-panel";

/** The side card for a signed-in person: the waitlist when the event is full, else the form. */
export function MemberPanel({
  event,
  full,
  onBrowseOtherEvents,
}: {
  event: SportEvent;
  full: boolean;
  onBrowseOtherEvents: () => void;
}) {
  return full ? (
    <WaitlistPanel event={event} onBrowseOtherEvents={onBrowseOtherEvents} />
  ) : (
    <BookYourSpotCard event={event} />
  );
}

/**
 * A full event's header for a signed-in person: a place of theirs is not "no spots left".
 * (The same queries as the panel below, so no extra request.)
 */
export function MemberHeader({ eventId }: { eventId: string }) {
  const { booking } = useLiveBookingFor(eventId);
  const entry = useWaitlistEntry(eventId).data?.entry ?? null;
  const offered = entry?.status === "offered";
  const lapsed = useHasPassed(offered ? entry.offerExpiresAt : null);
  if (booking) return t`You have a place`;
  if (offered && !lapsed) return t`A place is held for you`;
  return t`No spots left`;
}
