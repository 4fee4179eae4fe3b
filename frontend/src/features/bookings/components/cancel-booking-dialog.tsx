import { XCircle } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "@/lib/toast";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
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
  const [open, setOpen] = useState(false);
  // Once cancelled, this button goes away: focus moves to the booking instead of being lost.
  const cancelled = useRef(false);
  const cancel = useCancelBooking();
  const paidByCard = booking.paymentStatus === "paid" && Number(booking.amount) > 0;

  const confirm = () =>
    cancel.mutate(
      { bookingId: booking.id },
      {
        onSuccess: ({ message }) => {
          cancelled.current = true;
          setOpen(false);
          toast.success("Booking Cancelled", {
            description: paidByCard
              ? `${message} Your refund of ${formatPriceOrFree(booking.amount)} is on its way to your card.`
              : message,
          });
        },
        onError: (error) => {
          setOpen(false);
          toast.error("Cancellation Failed", {
            description: errorMessage(error, "We couldn't cancel your booking. Please try again or contact us."),
          });
        },
      },
    );

  return (
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructiveOutline" size="sm">
          <XCircle aria-hidden="true" /> Cancel Booking
          <span className="sr-only"> for {booking.event.title}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!cancelled.current) return;
          event.preventDefault();
          onCancelled();
        }}
      >
        <AlertDialogTitle>Cancel this booking?</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="space-y-2">
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
          </div>
        </AlertDialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline" disabled={cancel.isPending}>
              Keep Booking
            </Button>
          </AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={cancel.isPending} onClick={confirm}>
            {cancel.isPending ? "Cancelling..." : "Yes, Cancel Booking"}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
