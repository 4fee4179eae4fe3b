import { plural, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { AlertCircle, BellRing, CheckCircle2, CreditCard, Forward, Hourglass, RotateCw, UserX } from "lucide-react";
import { useEffect, useId, useRef, useState, type Ref } from "react";
import { Link } from "@/lib/router";
import { useAuth } from "@/lib/auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { PaymentMethod } from "@/features/bookings/api/booking-form-schema";
import type { Booking } from "@/features/bookings/api/booking-schema";
import { goToCheckout } from "@/features/bookings/api/create-checkout-session";
import { useLiveBookingFor } from "@/features/bookings/api/get-my-bookings";
import { BookYourSpotCard } from "@/features/bookings/components/book-your-spot-card";
import { CalendarLinks } from "@/features/bookings/components/calendar-links";
import { StatusBadges } from "@/features/bookings/components/status-badges";
import { bookingFailure, paymentSetupFailure, showBookedToast } from "@/features/bookings/lib/messages";
import { ApiError } from "@/lib/api-client";
import type { SportEvent } from "@/lib/event-schema";
import { useClaimWaitlistPlace, useClaimWaitlistPlaceByCard } from "../api/claim-waitlist-place";
import { useWaitlistEntry } from "../api/get-waitlist-entry";
import { useJoinWaitlist } from "../api/join-waitlist";
import { useLeaveWaitlist } from "../api/leave-waitlist";
import type { WaitlistEntry } from "../api/waitlist-schema";
import { HOLD_HOURS, useHasPassed } from "../lib/deadline";
import { waitlistFailure, waitlistSuccess } from "../lib/waitlist-messages";
import { OfferView } from "./offer-view";
import { PanelHeading } from "./panel-heading";
import { PanelSkeleton } from "./panel-skeleton";
import type { AccessSaid } from "../lib/accessibility-requirements";

/** What the panel shows; focus follows the person's own actions from one to the next. */
type View =
  | "loading"
  | "booked"
  | "error"
  | "join"
  | "waiting"
  | "offered"
  | "passed"
  | "claimedBefore"
  | "claimed"
  | "toCheckout";

function viewOf(entry: WaitlistEntry | null, offerLapsed: boolean): View {
  switch (entry?.status) {
    case undefined:
    case "left":
      return "join";
    case "waiting":
      return "waiting";
    case "offered":
      return offerLapsed ? "passed" : "offered";
    case "expired":
      return "passed";
    case "claimed":
      return "claimedBefore";
  }
}

function BrowseButton({ onClick, variant = "outline" }: { onClick: () => void; variant?: "outline" | "ghost" }) {
  return (
    <Button type="button" variant={variant} className="w-full" onClick={onClick}>
      <Trans>Browse Other Events</Trans>
    </Button>
  );
}

function EventFullHeading({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <>
      <PanelHeading icon={UserX} iconClassName="text-destructive" headingRef={headingRef}>
        <Trans>Event Full</Trans>
      </PanelHeading>
      <p className="mt-2 text-muted-foreground">
        <Trans>This event is currently fully booked.</Trans>
      </p>
    </>
  );
}

/** Where the person is in the queue, in the reader's language. */
function ordinalQueue(position: number | null): { line: string; detail: string } {
  if (position === null) return { line: t`You're on the waitlist`, detail: t`We'll let you know when a place comes up.` };
  const ahead = position - 1;
  return {
    line: t`You're number ${position} on the waitlist`,
    detail:
      ahead === 0 ? t`You're next in line.` : plural(ahead, { one: "# person is ahead of you.", other: "# people are ahead of you." }),
  };
}

/** Just claimed here: the booking's reference, like the Book Your Spot card's 'Booking Confirmed!'. */
function ClaimedView({
  booking,
  event,
  headingRef,
}: {
  booking: Booking;
  event: SportEvent;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { reference } = booking;
  return (
    <div className="space-y-4 pt-4">
      <PanelHeading icon={CheckCircle2} iconClassName="text-accent" headingRef={headingRef}>
        <Trans>Booking Confirmed!</Trans>
      </PanelHeading>
      <p className="text-muted-foreground">
        <Trans>
          The place is yours. Your booking reference is{" "}
          <strong className="font-mono text-foreground" data-testid="booking-reference">
            {reference}
          </strong>
          .
        </Trans>
      </p>
      <StatusBadges booking={booking} />
      <p className="text-sm text-muted-foreground">
        <Trans>A confirmation email is on its way. Please arrive 15 minutes early and quote your reference.</Trans>
      </p>
      <div className="flex flex-col gap-2">
        <CalendarLinks booking={booking} event={event} justConfirmed className="w-full" />
        <Button asChild variant="ghost" className="w-full">
          <Link to="/bookings">
            <Trans>View My Bookings</Trans>
          </Link>
        </Button>
      </div>
    </div>
  );
}

interface WaitlistPanelProps {
  event: SportEvent;
  /** 'Browse Other Events': back, or to /events. */
  onBrowseOtherEvents: () => void;
}

/**
 * A full event's booking panel for a signed-in person: their booking if they hold a place;
 * otherwise the waitlist. Join it; see their place in the queue or leave; when a place frees
 * up it is held for them for 12 hours: claim it or let it go; after that, the offer has
 * passed on.
 */
export function WaitlistPanel({ event, onBrowseOtherEvents }: WaitlistPanelProps) {
  const { user } = useAuth();
  const id = useId();
  const existing = useLiveBookingFor(event.id);
  const waitlist = useWaitlistEntry(event.id);
  const join = useJoinWaitlist(event.id);
  const leave = useLeaveWaitlist(event.id);
  const claim = useClaimWaitlistPlace();
  const claimByCard = useClaimWaitlistPlaceByCard();
  const [claimed, setClaimed] = useState<Booking | null>(null);
  // Claimed by card: the place is held while the browser goes to the checkout.
  const [toCheckout, setToCheckout] = useState(false);

  const entry = waitlist.data?.entry ?? null;
  const offerLapsed = useHasPassed(entry?.status === "offered" ? entry.offerExpiresAt : null);
  const view: View = claimed
    ? "claimed"
    : toCheckout
      ? "toCheckout"
      : existing.booking
      ? "booked"
      : existing.isLoading
        ? "loading"
        : waitlist.data
          ? viewOf(entry, offerLapsed)
          : waitlist.isError
            ? "error"
            : "loading";

  // After the person's own action, focus goes to the heading of the state it led to.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusFor = useRef<View | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const focusHeadingOf = (target: View) => {
    focusFor.current = target;
    setFocusRequest((n) => n + 1);
  };
  useEffect(() => {
    if (focusFor.current !== view) return;
    focusFor.current = null;
    heading.current?.focus();
  }, [view, focusRequest]);

  // A lapsed hold has passed on (or will once the server's sweep runs): ask for what is true.
  const { refetch } = waitlist;
  useEffect(() => {
    if (offerLapsed) void refetch();
  }, [offerLapsed, refetch]);

  if (!user) return null;
  const { email } = user;
  const hours = HOLD_HOURS;

  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: (joined) => {
        const { line } = ordinalQueue(joined.position);
        waitlistSuccess(t`You're on the Waitlist`, t`${line}. We'll email you if a place comes up.`);
        focusHeadingOf("waiting");
      },
      onError: (error) => void waitlistFailure(t`Could Not Join the Waitlist`, error),
    });

  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: ({ message }) => {
        waitlistSuccess(t`Left the Waitlist`, message);
        focusHeadingOf("join");
      },
      onError: (error) => void waitlistFailure(t`Could Not Leave the Waitlist`, error),
    });

  const onDecline = async (): Promise<boolean> => {
    try {
      await leave.mutateAsync();
      waitlistSuccess(t`Place Passed On`, t`Thanks for letting us know. The place has gone to the next person waiting.`);
      focusHeadingOf("passed");
      return true;
    } catch (error) {
      waitlistFailure(t`Could Not Let the Place Go`, error);
      return false;
    }
  };

  const onClaimInCash = (said: AccessSaid) =>
    claim.mutate(
      { eventId: event.id, ...said },
      {
        onSuccess: (booking) => {
          showBookedToast(booking.reference);
          setClaimed(booking);
          focusHeadingOf("claimed");
        },
        onError: (error) => void bookingFailure(error),
      },
    );

  // As the Book Your Spot card pays: to the checkout, or in cash should the event be free.
  const onClaimByCard = (said: AccessSaid) =>
    claimByCard.mutate(
      { eventId: event.id, ...said },
      {
        onSuccess: (session) => {
          try {
            setToCheckout(true);
            focusHeadingOf("toCheckout");
            goToCheckout(session);
          } catch (error) {
            setToCheckout(false);
            paymentSetupFailure(error);
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.code === "payment_not_required") {
            onClaimInCash(said);
          } else {
            paymentSetupFailure(error);
          }
        },
      },
    );

  const onClaim = (said: AccessSaid, paymentMethod: PaymentMethod) =>
    paymentMethod === "card" ? onClaimByCard(said) : onClaimInCash(said);

  switch (view) {
    case "loading":
      return <PanelSkeleton label={t`Checking the waitlist…`} bars={["h-5 rounded-lg", "h-20 rounded-xl", "h-12 rounded-lg"]} />;

    case "booked":
      // The person holds a place: the Book Your Spot card shows it ('You're Booked').
      return <BookYourSpotCard event={event} />;

    case "claimed":
      return claimed && <ClaimedView booking={claimed} event={event} headingRef={heading} />;

    case "toCheckout":
      return (
        <div className="space-y-4 pt-4">
          <PanelHeading icon={CreditCard} iconClassName="text-primary" headingRef={heading}>
            <Trans>Taking You to Payment</Trans>
          </PanelHeading>
          <p className="text-muted-foreground">
            <Trans>Your place is held while you pay. If you don&apos;t finish paying, it passes to the next person waiting.</Trans>
          </p>
        </div>
      );

    case "error":
      return (
        <div className="space-y-4 pt-4">
          <div>
            <EventFullHeading headingRef={heading} />
          </div>
          <Alert variant="destructive" role="alert">
            <AlertCircle aria-hidden="true" />
            <div>
              <p className="font-semibold">
                <Trans>We couldn&apos;t check the waitlist</Trans>
              </p>
              <p className="mt-1">
                <Trans>Please check your connection and try again.</Trans>
              </p>
            </div>
          </Alert>
          <div className="flex flex-col gap-2">
            <Button type="button" className="w-full" onClick={() => void waitlist.refetch()} disabled={waitlist.isFetching}>
              <RotateCw aria-hidden="true" /> {waitlist.isFetching ? t`Trying again...` : t`Try Again`}
            </Button>
            <BrowseButton onClick={onBrowseOtherEvents} />
          </div>
        </div>
      );

    case "join":
      return (
        <div className="space-y-4 pt-4">
          <div>
            <EventFullHeading headingRef={heading} />
          </div>
          <div className="flex gap-3 rounded-xl bg-muted/60 p-4 text-sm">
            <BellRing className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="space-y-1">
              <p className="font-semibold">
                <Trans>Join the waitlist</Trans>
              </p>
              <p className="text-muted-foreground">
                <Trans>
                  If a place comes up, we&apos;ll email you and hold it for you for {hours} hours, so you can claim it before
                  anyone else.
                </Trans>
              </p>
              {entry?.status === "left" && (
                <p className="text-muted-foreground">
                  <Trans>You left the waitlist earlier: joining again puts you at the back.</Trans>
                </p>
              )}
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <Button type="button" size="lg" className="w-full" onClick={onJoin} disabled={join.isPending}>
              {join.isPending ? t`Joining...` : t`Join the Waitlist`}
            </Button>
            <BrowseButton onClick={onBrowseOtherEvents} />
          </div>
        </div>
      );

    case "waiting": {
      const queue = ordinalQueue(entry?.position ?? null);
      const positionId = `${id}-position`;
      return (
        <div className="space-y-4 pt-4">
          <PanelHeading icon={Hourglass} iconClassName="text-primary" headingRef={heading} describedBy={positionId}>
            <Trans>You&apos;re on the Waitlist</Trans>
          </PanelHeading>
          {/* Polite: a move up the queue is read out without interrupting. */}
          <div id={positionId} role="status" aria-atomic="true" className="flex items-center gap-4 rounded-xl bg-secondary p-4 text-secondary-foreground">
            {entry?.position != null && (
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-card text-2xl font-extrabold text-foreground tabular-nums"
              >
                {entry.position}
              </span>
            )}
            <div>
              <p className="font-bold">{queue.line}</p>
              <p className="text-sm">{queue.detail}</p>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">
            <Trans>
              If a place comes up, we&apos;ll email you at <span className="wrap-anywhere text-foreground">{email}</span> and
              hold it for you for {hours} hours.
            </Trans>
          </p>
          <div className="flex flex-col gap-2">
            <Button type="button" variant="outline" className="w-full" onClick={onLeave} disabled={leave.isPending}>
              {leave.isPending ? t`Leaving...` : t`Leave Waitlist`}
            </Button>
            <BrowseButton onClick={onBrowseOtherEvents} variant="ghost" />
          </div>
        </div>
      );
    }

    case "offered":
      return (
        <OfferView
          event={event}
          heldUntil={entry?.offerExpiresAt ?? null}
          headingRef={heading}
          claiming={claim.isPending || claimByCard.isPending}
          declining={leave.isPending}
          onClaim={onClaim}
          onDecline={onDecline}
        />
      );

    case "passed":
      return (
        <div className="space-y-4 pt-4">
          <div>
            <PanelHeading icon={Forward} iconClassName="text-muted-foreground" headingRef={heading}>
              <Trans>Offer Passed On</Trans>
            </PanelHeading>
            <p className="mt-2 text-muted-foreground">
              <Trans>
                The place we held for you has gone to the next person on the waitlist, so we can&apos;t offer you a place at
                this event again.
              </Trans>
            </p>
          </div>
          <BrowseButton onClick={onBrowseOtherEvents} />
        </div>
      );

    case "claimedBefore":
      return (
        <div className="space-y-4 pt-4">
          <div>
            <EventFullHeading headingRef={heading} />
            <p className="mt-2 text-sm text-muted-foreground">
              <Trans>
                You took a place from the waitlist earlier and have since cancelled it, so the waitlist is closed to you for
                this event.
              </Trans>
            </p>
          </div>
          <BrowseButton onClick={onBrowseOtherEvents} />
        </div>
      );
  }
}
