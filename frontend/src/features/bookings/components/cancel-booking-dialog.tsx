import { XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import type { BookingWithEvent } from "../api/booking-schema";
import { useCancelBooking } from "../api/cancel-booking";
import { formatPriceOrFree } from "../lib/price";
import { formatWhen } from "../lib/when";

interface Props {
  booking: BookingWithEvent;
  /** Called after the booking was cancelled (the item that held the button may change). */
  onCancelled: () => void;
}

/** 'Cancel Booking' with a confirmation; card payments are refunded by the server. */
export function CancelBookingDialog({ booking, onCancelled }: Props) {
  const cancel = useCancelBooking();
  const paidByCard = booking.paymentStatus === "paid" && Number(booking.amount) > 0;

  const confirm = (close: (succeeded?: boolean) => void) =>
    cancel.mutate(
      { bookingId: booking.id },
      {
        onSuccess: ({ message }) => {
          close(true);
          toast.success("Booking Cancelled", {
            description: paidByCard
              ? `${message} Your refund of ${formatPriceOrFree(booking.amount)} is on its way to your card.`
              : message,
          });
        },
        onError: (error) => {
          close();
          toast.error("Cancellation Failed", {
            description: errorMessage(error, "We couldn't cancel your booking. Please try again or contact us."),
          });
        },
      },
    );

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructiveOutline" size="sm">
          <XCircle aria-hidden="true" /> Cancel Booking
          <span className="sr-only"> for {booking.event.title}</span>
        </Button>
      }
      title="Cancel this booking?"
      keepLabel="Keep Booking"
      confirmLabel="Yes, Cancel Booking"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      onConfirm={confirm}
      // Once cancelled, this button goes away: focus moves to what replaced it.
      onDone={onCancelled}
    >
      <p>
        <strong className="text-foreground">{booking.event.title}</strong>
        <br />
        {formatWhen(booking.event)}
      </p>
      <p>
        {paidByCard
          ? `Your place will be released and ${formatPriceOrFree(booking.amount)} refunded to your card.`
          : "Your place will be released for someone else."}{" "}
        This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
