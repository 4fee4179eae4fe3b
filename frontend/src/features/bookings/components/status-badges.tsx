import { Trans } from "@lingui/react/macro";
import { Badge } from "@/components/ui/badge";
import type { Booking } from "../api/booking-schema";
import { bookingStatusBadge, paymentStatusBadge } from "../lib/status";

/** The booking's status and payment status, each with a visible (and spoken) label. */
export function StatusBadges({ booking }: { booking: Pick<Booking, "status" | "paymentStatus" | "paymentMethod" | "amount"> }) {
  const status = bookingStatusBadge(booking.status);
  const payment = paymentStatusBadge(booking.paymentStatus, booking.paymentMethod, booking.amount, booking.status);
  return (
    <span className="flex flex-wrap gap-2">
      <Badge variant={status.tone}>
        <span className="sr-only">
          <Trans>Status:</Trans>{" "}
        </span>
        {status.label}
      </Badge>
      <Badge variant={payment.tone}>
        <span className="sr-only">
          <Trans>Payment:</Trans>{" "}
        </span>
        {payment.label}
      </Badge>
    </span>
  );
}
