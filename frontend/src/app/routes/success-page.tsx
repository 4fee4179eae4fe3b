import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { AlertTriangle, CalendarDays, CheckCircle2, Mail, MapPin, SlidersHorizontal, Ticket, Timer, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { useConfirmPayment } from "@/features/bookings/api/confirm-payment";
import { CalendarLinks } from "@/features/bookings/components/calendar-links";
import { LoadingMessage } from "@/features/bookings/components/loading-message";
import { PaymentResult } from "@/features/bookings/components/payment-result";
import { StatusBadges } from "@/features/bookings/components/status-badges";
import { formatPriceOrFree } from "@/features/bookings/lib/price";
import { formatWhen } from "@/features/bookings/lib/when";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAuth } from "@/lib/auth";
import { RequireAuth } from "@/components/require-auth";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="shrink-0 text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="font-semibold sm:text-end">{children}</dd>
    </div>
  );
}

const NEXT_STEPS: readonly { icon: typeof Mail; text: MessageDescriptor }[] = [
  { icon: Mail, text: msg`Check your email: your booking and payment confirmations are on their way.` },
  { icon: Timer, text: msg`Arrive 15 minutes early and quote your booking reference.` },
  { icon: CalendarDays, text: msg`Plans change? Cancel in My Bookings up to 2 hours before the start for a refund.` },
];

function PaymentSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id") ?? "";
  const { user } = useAuth();
  const confirmation = useConfirmPayment(sessionId, user?.id);
  const result = confirmation.data;
  const { t, i18n } = useLingui();
  useDocumentTitle(result ? (result.success ? t`Payment Successful` : t`Payment Error`) : t`Confirming Payment`);

  if (confirmation.isPending) return <LoadingMessage>{t`Confirming your payment...`}</LoadingMessage>;

  if (!result?.success) {
    return (
      <PaymentResult
        icon={XCircle}
        tone="error"
        title={t`Payment Error`}
        lead={result?.error ?? t`Failed to confirm payment`}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/events">
                <Trans>Back to Events</Trans>
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/contact">
                <Trans>Contact Us</Trans>
              </Link>
            </Button>
          </>
        }
      >
        <p className="mx-auto mt-4 flex max-w-md items-start gap-2 text-start text-sm text-muted-foreground">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <Trans>If money has left your account, please contact us and we will sort it out.</Trans>
        </p>
      </PaymentResult>
    );
  }

  const { booking } = result;
  return (
    <PaymentResult
      icon={CheckCircle2}
      tone="success"
      title={t`Payment Successful!`}
      lead={t`Thank you. Your place is booked and paid for. We're excited to see you at the event!`}
      actions={
        <>
          <Button asChild size="lg">
            <Link to="/events">
              <Ticket aria-hidden="true" /> <Trans>Browse More Events</Trans>
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/preferences">
              <SlidersHorizontal aria-hidden="true" /> <Trans>Set Your Preferences</Trans>
            </Link>
          </Button>
          <CalendarLinks booking={booking} event={booking.event} size="lg" variant="ghost" justConfirmed />
        </>
      }
    >
      <div className="mt-8 rounded-2xl border bg-muted/40 px-5 py-2 text-start">
        <dl className="divide-y">
          <Row label={t`Booking Reference`}>
            <span className="font-mono text-lg tracking-wider" data-testid="booking-reference">
              {booking.reference}
            </span>
          </Row>
          <Row label={t`Event`}>
            <bdi>{booking.event.title}</bdi>
          </Row>
          <Row label={t`Date`}>{formatWhen(booking.event)}</Row>
          <Row label={t`Location`}>
            <span className="inline-flex items-center gap-2">
              <MapPin className="size-4 text-primary" aria-hidden="true" /> <bdi>{booking.event.location}</bdi>
            </span>
          </Row>
          <Row label={t`Amount`}>{formatPriceOrFree(booking.amount)}</Row>
          <Row label={t`Payment Status`}>
            <span className="inline-flex sm:justify-end">
              <StatusBadges booking={booking} />
            </span>
          </Row>
          <Row label={t`Accessibility Requirements`}>
            {booking.accessibilityRequirements ? (
              <span dir="auto" className="whitespace-pre-line">
                {booking.accessibilityRequirements}
              </span>
            ) : (
              <span className="font-normal text-muted-foreground">
                <Trans>None given</Trans>
              </span>
            )}
          </Row>
        </dl>
      </div>
      <section aria-labelledby="next-steps" className="mt-8 text-start">
        <h2 id="next-steps" className="text-xl font-bold">
          <Trans>Next Steps</Trans>
        </h2>
        <ul className="mt-3 space-y-3">
          {NEXT_STEPS.map(({ icon: Icon, text }) => (
            <li key={text.id} className="flex items-start gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{i18n._(text)}</span>
            </li>
          ))}
        </ul>
      </section>
    </PaymentResult>
  );
}

export default function SuccessPage() {
  return (
    <RequireAuth>
      <PaymentSuccess />
    </RequireAuth>
  );
}
