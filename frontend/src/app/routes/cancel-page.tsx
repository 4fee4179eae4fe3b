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
  useDocumentTitle("Payment Cancelled");
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
      title="Payment Cancelled"
      lead="Your payment was cancelled and you have not been charged. We've released the place we were holding for you."
      actions={
        <>
          <Button asChild size="lg">
            <Link to="/events">
              <Ticket aria-hidden="true" /> Browse Events
            </Link>
          </Button>
          {eventId ? (
            <Button asChild size="lg" variant="outline">
              <Link to={`/events/${eventId}`}>
                <ArrowLeft aria-hidden="true" /> Back to the Event
              </Link>
            </Button>
          ) : (
            <Button size="lg" variant="outline" onClick={() => navigate(-1)}>
              <ArrowLeft aria-hidden="true" /> Go Back
            </Button>
          )}
          <Button asChild size="lg" variant="ghost">
            <Link to="/contact">
              <Mail aria-hidden="true" /> Contact Us
            </Link>
          </Button>
        </>
      }
    >
      <p className="mx-auto mt-4 max-w-md text-sm text-muted-foreground">
        Changed your mind? You can book again while places remain, and pay cash on arrival if you prefer.
      </p>
    </PaymentResult>
  );
}
