import { t } from "@lingui/core/macro";
import type { BadgeProps } from "@/components/ui/badge";

type Tone = NonNullable<BadgeProps["variant"]>;

/** How a booking's status reads and looks. */
export function bookingStatusBadge(status: string): { label: string; tone: Tone } {
  switch (status) {
    case "confirmed":
      return { label: t`Confirmed`, tone: "accent" };
    case "pending":
      return { label: t`Awaiting payment`, tone: "secondary" };
    case "cancelled":
      return { label: t`Cancelled`, tone: "outline" };
    default:
      return { label: status, tone: "outline" };
  }
}

/** How a payment status reads, given how the person chose to pay and whether the booking stands. */
export function paymentStatusBadge(
  paymentStatus: string,
  paymentMethod: string,
  amount: string,
  status = "confirmed",
): { label: string; tone: Tone } {
  if (paymentMethod === "solidarity") return { label: t`Free solidarity place`, tone: "outline" };
  if (Number(amount) === 0) return { label: t`Free`, tone: "outline" };
  // Nothing was taken for a cancelled booking that was never paid: don't ask for cash.
  if (status === "cancelled" && (paymentStatus === "pending" || paymentStatus === "failed")) {
    return { label: t`Not charged`, tone: "outline" };
  }
  switch (paymentStatus) {
    case "paid":
      return { label: t`Paid`, tone: "accent" };
    case "pending":
      return paymentMethod === "cash"
        ? { label: t`Pay cash on arrival`, tone: "secondary" }
        : { label: t`Payment pending`, tone: "secondary" };
    case "failed":
      return { label: t`Payment failed`, tone: "destructive" };
    case "refunded":
      return { label: t`Refunded`, tone: "outline" };
    default:
      return { label: paymentStatus, tone: "outline" };
  }
}
