import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Gift, Lock } from "lucide-react";
import { lazy, Suspense, useId, useState, type Ref, type SyntheticEvent } from "react";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import { FieldSet } from "@/components/ui/field";
import { PAYMENT_METHODS, type PaymentMethod } from "@/features/bookings/api/booking-form-schema";
import { AccessibilityField, BookingAs, EventFacts, Fact } from "@/features/bookings/components/booking-request-fields";
import { useAccessibilityRequirements, type AccessSaid } from "@/features/bookings/lib/accessibility-requirements";
import { SubmitAfterTerms, TermsCheckbox } from "@/features/bookings/components/terms-checkbox";
import { formatPounds, isFreePrice } from "@/features/bookings/lib/price";
import type { SportEvent } from "@/lib/event-schema";
import { formatHeldUntil, HOLD_HOURS } from "../lib/deadline";
import { PanelHeading } from "./panel-heading";

// The confirmation dialog (and Radix's dialog code) loads with the offer, which few visits
// ever see, rather than with every event page.
const PAYMENT_HINTS = {
  cash: msg`Pay at the session. Your place is confirmed straight away.`,
  card: msg`Pay securely online now. We keep the place for you while you pay.`,
} as const;

/** A held place is claimed in cash or by card (a solidarity place is chosen when booking). */
const CLAIM_METHODS = PAYMENT_METHODS.filter((method) => method.value !== "solidarity");

const LetItGoDialog = lazy(() => import("./let-it-go-dialog").then(({ LetItGoDialog }) => ({ default: LetItGoDialog })));

interface Props {
  event: SportEvent;
  /** When the hold ends (ISO); null only if the server did not say. */
  heldUntil: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  claiming: boolean;
  declining: boolean;
  /** Cash (paid on arrival) books at once; card (events with a price) goes to the checkout. */
  onClaim: (said: AccessSaid, paymentMethod: PaymentMethod) => void;
  onDecline: () => Promise<boolean>;
}

/**
 * A freed place held for the person: when the hold ends, the event, optional accessibility
 * requirements and the terms (as on the Book Your Spot card), for an event with a price the
 * choice of cash on arrival or card now (as on the booking form), 'Claim My Place' (cash)
 * or 'Claim and Pay (£x.xx)' (card, to the checkout), and 'Let It Go'.
 */
export function OfferView({ event, heldUntil, headingRef, claiming, declining, onClaim, onDecline }: Props) {
  const { user } = useAuth();
  const { t, i18n } = useLingui();
  const id = useId();
  const accessibility = useAccessibilityRequirements();
  const [agreed, setAgreed] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("cash");
  const free = isFreePrice(event.price);
  const byCard = paymentMethod === "card" && !free;
  const price = formatPounds(event.price);
  const busy = claiming || declining;
  const holdId = `${id}-hold`;
  const hours = HOLD_HOURS;
  const until = heldUntil ? formatHeldUntil(heldUntil) : "";

  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!agreed || busy) return;
    if (!accessibility.check()) return;
    onClaim(accessibility.said, byCard ? "card" : "cash");
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 pt-4" aria-busy={busy}>
      <div className="space-y-2 rounded-xl border-2 border-accent bg-accent-soft p-4 text-accent-soft-foreground">
        <PanelHeading icon={Gift} iconClassName="text-accent-soft-foreground" headingRef={headingRef} describedBy={holdId}>
          <Trans>A place is free for you</Trans>
        </PanelHeading>
        <p id={holdId} className="text-sm">
          {heldUntil ? (
            <Trans>
              We&apos;re holding it for you until{" "}
              <time dateTime={heldUntil} className="font-bold">
                {until}
              </time>
              . Claim it before then or it passes to the next person waiting.
            </Trans>
          ) : (
            <Trans>
              We&apos;re holding it for you for up to {hours} hours. Claim it before then or it passes to the next person
              waiting.
            </Trans>
          )}
        </p>
      </div>
      <EventFacts event={event}>
        <Fact label={t`Price`} className="col-span-2">
          {free ? t`Free` : byCard ? t`${price}, pay by card now` : t`${price}, pay cash on arrival`}
        </Fact>
      </EventFacts>
      {user && <BookingAs user={user} />}
      <AccessibilityField {...accessibility.field} />
      {!free && (
        <FieldSet legend={t`Payment Method`}>
          <div className="grid gap-3 sm:grid-cols-2">
            {CLAIM_METHODS.map((method) => (
              <Choice
                key={method.value}
                type="radio"
                name={`${id}-payment`}
                value={method.value}
                label={i18n._(method.label)}
                description={i18n._(method.value === "card" ? PAYMENT_HINTS.card : PAYMENT_HINTS.cash)}
                checked={paymentMethod === method.value}
                onChange={() => setPaymentMethod(method.value)}
                disabled={busy}
              />
            ))}
          </div>
        </FieldSet>
      )}
      {byCard && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <Trans>
            Secure payment: you&apos;ll pay on our payment provider&apos;s secure page. We never see or store your card details.
          </Trans>
        </p>
      )}
      <TermsCheckbox id={`${id}-terms`} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      <SubmitAfterTerms
        agreed={agreed}
        busy={busy}
        after={
          <Suspense
            fallback={
              <Button type="button" variant="ghost" className="w-full" disabled>
                <Trans>Let It Go</Trans>
              </Button>
            }
          >
            <LetItGoDialog eventTitle={event.title} disabled={busy} pending={declining} onConfirm={onDecline} />
          </Suspense>
        }
      >
        {byCard ? (claiming ? t`Setting up payment...` : t`Claim and Pay (${price})`) : claiming ? t`Claiming...` : t`Claim My Place`}
      </SubmitAfterTerms>
    </form>
  );
}
