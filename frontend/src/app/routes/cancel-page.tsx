import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Ban, Mail, Ticket } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "@/lib/router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { isEventsQuery } from "@/features/bookings/api/booking-schema";
import { cancelPayment } from "@/features/bookings/api/cancel-payment";
import { myBookingsQueryKey, useMyBookings } from "@/features/bookings/api/get-my-bookings";
import { PaymentResult } from "@/features/bookings/components/payment-result";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAuth } from "@/lib/auth";

/** Bookings whose held place this tab has already asked to release (once per page load). */
const released = new Set<string>();

export default function CancelPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Payment Cancelled`);
  const [params] = useSearchParams();
  const bookingId = params.get("booking_id") ?? "";
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const bookings = useMyBookings({ enabled: bookingId !== "" });
  const eventId = bookings.data?.find((booking) => booking.id === bookingId)?.eventId;

  // Release the held place once; a failure is only logged (the server's sweep frees it later).
  useEffect(() => {
    if (bookingId === "" || status !== "signedIn" || released.has(bookingId)) return;
    released.add(bookingId);
    cancelPayment(bookingId)
      .catch((error: unknown) => console.warn("Could not cancel the payment", error))
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: myBookingsQueryKey });
        void queryClient.invalidateQueries({ predicate: (query) => isEventsQuery(query.queryKey) });
      });
  }, [bookingId, status, queryClient]);

  return (
    <PaymentResult
      icon={Ban}
      tone="neutral"
      title={t`Payment Cancelled`}
      lead={t`Your payment was cancelled and you have not been charged. We've released the place we were holding for you.`}
      actions={
        <>
          <Button asChild size="lg">
            <Link to="/events">
              <Ticket aria-hidden="true" /> <Trans>Browse Events</Trans>
            </Link>
          </Button>
          {eventId ? (
            <Button asChild size="lg" variant="outline">
              <Link to={`/events/${eventId}`}>
                <ArrowLeft aria-hidden="true" /> <Trans>Back to the Event</Trans>
              </Link>
            </Button>
          ) : (
            <Button size="lg" variant="outline" onClick={() => navigate(-1)}>
              <ArrowLeft aria-hidden="true" /> <Trans>Go Back</Trans>
            </Button>
          )}
          <Button asChild size="lg" variant="ghost">
            <Link to="/contact">
              <Mail aria-hidden="true" /> <Trans>Contact Us</Trans>
            </Link>
          </Button>
        </>
      }
    >
      <p className="mx-auto mt-4 max-w-md text-sm text-muted-foreground">
        <Trans>Changed your mind? You can book again while places remain, and pay cash on arrival if you prefer.</Trans>
      </p>
    </PaymentResult>
  );
}
