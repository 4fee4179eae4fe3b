import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const title = booking.event.title;
  const amount = formatPriceOrFree(booking.amount);
  const paidByCard = booking.paymentStatus === "paid" && Number(booking.amount) > 0;

  const confirm = (close: (succeeded?: boolean) => void) =>
    cancel.mutate(
      { bookingId: booking.id },
      {
        onSuccess: ({ message }) => {
          close(true);
          // The server's message (in English until the server's words are translated), then ours.
          toast.success(t`Booking Cancelled`, {
            description: paidByCard ? t`${message} Your refund of ${amount} is on its way to your card.` : message,
          });
        },
        onError: (error) => {
          close();
          toast.error(t`Cancellation Failed`, {
            description: errorMessage(error, t`We couldn't cancel your booking. Please try again or contact us.`),
          });
        },
      },
    );

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructiveOutline" size="sm">
          <XCircle aria-hidden="true" />{" "}
          <Trans>
            Cancel Booking<span className="sr-only"> for {title}</span>
          </Trans>
        </Button>
      }
      title={t`Cancel this booking?`}
      keepLabel={t`Keep Booking`}
      confirmLabel={t`Yes, Cancel Booking`}
      pendingLabel={t`Cancelling...`}
      pending={cancel.isPending}
      onConfirm={confirm}
      // Once cancelled, this button goes away: focus moves to what replaced it.
      onDone={onCancelled}
    >
      <p>
        <bdi className="font-bold text-foreground">{title}</bdi>
        <br />
        {formatWhen(booking.event)}
      </p>
      <p>
        {paidByCard ? (
          <Trans>Your place will be released and {amount} refunded to your card. This cannot be undone.</Trans>
        ) : (
          <Trans>Your place will be released for someone else. This cannot be undone.</Trans>
        )}
      </p>
    </ConfirmDialog>
  );
}
