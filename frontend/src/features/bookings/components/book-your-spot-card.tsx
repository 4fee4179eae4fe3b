import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Lock, Ticket } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { Link } from "@/lib/router";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { freePlacesLine, type SportEvent } from "@/lib/event-schema";
import { ApiError } from "@/lib/api-client";
import type { Booking } from "../api/booking-schema";
import { useCreateBooking } from "../api/create-booking";
import { goToCheckout, useCreateCheckoutSession } from "../api/create-checkout-session";
import { useLiveBookingFor } from "../api/get-my-bookings";
import { bookingFailure, BOOKING_TOAST_ID, isMonthlyLimit, paymentSetupFailure, showBookedToast } from "../lib/messages";
import { formatPounds, isFreePrice } from "../lib/price";
import { useAccessibilityRequirements } from "../lib/accessibility-requirements";
import { AccessibilityField, BookingAs, EventFacts, Fact } from "./booking-request-fields";
import type { Refusal } from "./booking-refusal";
import { CalendarLinks } from "./calendar-links";
import { StatusBadges } from "./status-badges";
import { SubmitAfterTerms, TermsCheckbox } from "./terms-checkbox";
import { PanelSkeleton } from "./panel-skeleton";

/** Loaded only when a booking is refused. */
const BookingRefusal = lazy(() => import("./booking-refusal"));

const linkClass = "font-semibold text-primary underline underline-offset-4 hover:no-underline";

function Heading() {
  return (
    <h2 className="flex items-center gap-2 text-xl font-bold">
      <Ticket className="size-5 text-primary" aria-hidden="true" /> <Trans>Book Your Spot</Trans>
    </h2>
  );
}

/** What the full booking form offers that this card does not: cash, a solidarity place, a companion. */
function fullFormPrompt(event: SportEvent, free: boolean): MessageDescriptor | null {
  const solidarity = !free && event.solidarityPlacesLeft > 0;
  if (event.companionAllowed) return free ? msg`Bringing a companion?` : msg`Bringing a companion, or paying another way?`;
  if (solidarity) return msg`Prefer to pay cash on arrival, or to use a free solidarity place?`;
  if (!free) return msg`Prefer to pay cash on arrival?`;
  return null;
}

/** After booking here, or when the person already holds a place: their reference and the calendar. */
function Booked({ booking, event, justBooked }: { booking: Booking; event: SportEvent; justBooked: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { reference } = booking;
  useEffect(() => {
    if (justBooked) heading.current?.focus();
  }, [justBooked]);
  return (
    <div className="space-y-4 pt-4">
      <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-bold outline-none">
        <CheckCircle2 className="size-5 text-accent" aria-hidden="true" />
        {justBooked ? <Trans>Booking Confirmed!</Trans> : <Trans>You're Booked</Trans>}
      </h2>
      <p className="text-muted-foreground">
        {justBooked ? (
          <Trans>
            Your place is confirmed. Your booking reference is{" "}
            <strong className="font-mono text-foreground" data-testid="booking-reference">
              {reference}
            </strong>
            .
          </Trans>
        ) : (
          <Trans>
            You already have a place at this event. Your booking reference is{" "}
            <strong className="font-mono text-foreground" data-testid="booking-reference">
              {reference}
            </strong>
            .
          </Trans>
        )}
      </p>
      <StatusBadges booking={booking} />
      {booking.status === "confirmed" && (
        <p className="text-sm text-muted-foreground">
          <Trans>A confirmation email is on its way. Please arrive 15 minutes early and quote your reference.</Trans>
        </p>
      )}
      <div className="flex flex-col gap-2">
        {booking.status === "confirmed" && (
          <CalendarLinks booking={booking} event={event} justConfirmed={justBooked} className="w-full" />
        )}
        <Button asChild variant="ghost" className="w-full">
          <Link to="/bookings">
            <Trans>View My Bookings</Trans>
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * The event page's booking panel for a signed-in person (spec: 'Book Your Spot'): the
 * event's facts, who is booking, optional accessibility requirements and the terms. Paid
 * sessions go to the card checkout ('Proceed to Payment (£x.xx)'); free ones are booked
 * here at once ('Book Free Place').
 */
export function BookYourSpotCard({ event }: { event: SportEvent }) {
  const { user } = useAuth();
  const { t, i18n } = useLingui();
  const id = useId();
  const existing = useLiveBookingFor(event.id);
  const create = useCreateBooking();
  const checkout = useCreateCheckoutSession();
  const accessibility = useAccessibilityRequirements();
  const [agreed, setAgreed] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [booked, setBooked] = useState<Booking | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  if (!user) return null;
  if (booked) return <Booked booking={booked} event={event} justBooked />;
  if (existing.isLoading) {
    return <PanelSkeleton label={t`Loading your bookings…`} bars={["h-24 rounded-lg", "h-12 rounded-lg"]} />;
  }
  if (existing.booking) return <Booked booking={existing.booking} event={event} justBooked={false} />;

  const free = isFreePrice(event.price);
  const price = formatPounds(event.price);
  const pending = create.isPending || checkout.isPending || redirecting;
  const prompt = fullFormPrompt(event, free);

  const bookFree = () =>
    create.mutate(
      { userId: user.id, eventId: event.id, ...accessibility.said },
      {
        onSuccess: (booking) => {
          showBookedToast(booking.reference);
          setBooked(booking);
        },
        onError: (error) =>
          setRefusal({ title: t`Booking Failed`, message: bookingFailure(error), upgrade: isMonthlyLimit(error) }),
      },
    );

  const refuse = (error: unknown) =>
    setRefusal({ title: t`Payment Setup Failed`, message: paymentSetupFailure(error), upgrade: isMonthlyLimit(error) });

  const pay = () =>
    checkout.mutate(
      { eventId: event.id, ...accessibility.said },
      {
        onSuccess: (session) => {
          try {
            setRedirecting(true);
            goToCheckout(session);
          } catch (error) {
            setRedirecting(false);
            refuse(error);
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.code === "payment_not_required") bookFree();
          else refuse(error);
        },
      },
    );

  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!agreed || pending) return;
    if (!accessibility.check()) return;
    toast.dismiss(BOOKING_TOAST_ID);
    setRefusal(null);
    if (free) bookFree();
    else pay();
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 pt-4" aria-busy={pending}>
      <Heading />
      <EventFacts event={event}>
        <Fact label={t`Spots Filled`}>
          {/* Filled of places, always left to right: "3/12". */}
          <bdi dir="ltr">
            {event.currentParticipants}/{event.maxParticipants}
          </bdi>
        </Fact>
        <Fact label={t`Price`}>{free ? t`Free` : t`${price} per person`}</Fact>
        {freePlacesLine(event) && (
          <Fact label={t`Solidarity places`} className="col-span-2">
            {freePlacesLine(event)}
          </Fact>
        )}
      </EventFacts>
      <BookingAs user={user} />
      <AccessibilityField {...accessibility.field} />
      <TermsCheckbox id={`${id}-terms`} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      {!free && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <Trans>
            Secure payment: you&apos;ll pay on our payment provider&apos;s secure page. We never see or store your card details.
          </Trans>
        </p>
      )}
      <SubmitAfterTerms agreed={agreed} busy={pending}>
        {free ? (create.isPending ? t`Booking...` : t`Book Free Place`) : pending ? t`Setting up payment...` : t`Proceed to Payment (${price})`}
      </SubmitAfterTerms>
      {refusal && (
        <Suspense>
          <BookingRefusal refusal={refusal} />
        </Suspense>
      )}
      {prompt && (
        <p className="text-center text-sm text-muted-foreground">
          {i18n._(prompt)}{" "}
          <Link to={`/booking/${event.id}`} className={linkClass}>
            <Trans>Use the full booking form</Trans>
          </Link>
        </p>
      )}
    </form>
  );
}
