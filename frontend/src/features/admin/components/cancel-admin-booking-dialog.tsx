import { XCircle } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { isRefundable, type AdminBooking } from "../api/admin-booking-schema";
import { useCancelAdminBooking } from "../api/update-booking";
import { formatMoney } from "../lib/format";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";

/** Cancel one booking for someone, with or without a refund (paid card bookings only) and a reason. */
export function CancelAdminBookingDialog({ booking }: { booking: AdminBooking }) {
  const [open, setOpen] = useState(false);
  const refundable = isRefundable(booking);
  const [refund, setRefund] = useState(refundable);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const cancel = useCancelAdminBooking();

  const confirm = () =>
    cancel.mutate(
      { id: booking.id, refund: refundable && refund, reason: reason.trim() || undefined },
      {
        onSuccess: (updated) => {
          setOpen(false);
          toast.success(ADMIN_TOASTS.bookingUpdated, {
            description:
              refundable && refund
                ? `${updated.reference} cancelled and ${formatMoney(updated.amount)} refunded to the card.`
                : `${updated.reference} cancelled.`,
          });
        },
        onError: (error) => toast.error(ADMIN_TOASTS.updateFailed, { description: errorMessage(error, TRY_AGAIN) }),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (cancel.isPending) return;
        setOpen(next);
        if (next) {
          setRefund(refundable);
          setReason("");
        }
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-11! text-destructive hover:bg-destructive/10"
          disabled={booking.status === "cancelled"}
          aria-label={`Cancel booking ${booking.reference}`}
          title="Cancel booking"
        >
          <XCircle aria-hidden="true" className="size-5!" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Cancel booking {booking.reference}?</DialogTitle>
        <DialogDescription>
          {booking.userName}'s place at {booking.eventTitle} is released for someone else.
        </DialogDescription>
        <form
          className="mt-5 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {refundable ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">Refund</legend>
              <Choice
                type="radio"
                name="refund"
                checked={refund}
                onChange={() => setRefund(true)}
                label={`Refund ${formatMoney(booking.amount)} to the card`}
              />
              <Choice type="radio" name="refund" checked={!refund} onChange={() => setRefund(false)} label="No refund" />
            </fieldset>
          ) : (
            <p className="text-sm text-muted-foreground">
              No refund: {booking.paymentMethod === "card" ? "no card payment was taken." : "this is not a paid card booking."}
            </p>
          )}
          <div className="space-y-1.5">
            <Label htmlFor={reasonId}>
              Reason <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea id={reasonId} rows={3} className="min-h-20" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={cancel.isPending} onClick={() => setOpen(false)}>
              Keep booking
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Cancel booking"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
