import { t } from "@lingui/core/macro";
import { markBookedHere, toast } from "@/lib/toast";
import { ApiError, errorMessage } from "@/lib/api-client";

/** One toast at a time in the booking area (spec section 4): each replaces the last. */
export const BOOKING_TOAST_ID = "booking";

// The spec's messages, in the reader's language (functions: read when shown).
const bookingFallback = () => t`Please try again or contact support.`;
/** The spec's failure message when the server refused a booking without saying why. */
const bookingFailed = () => t`Booking failed`;
const paymentFallback = () => t`Failed to setup payment. Please try again.`;
const loginToBook = () => t`Please log in to book this event.`;

/** Asks a signed-out person to log in (in the booking area's one toast) and answers why. */
function askToLogIn(): string {
  const message = loginToBook();
  toast.error(t`Authentication Required`, { id: BOOKING_TOAST_ID, description: message });
  return message;
}

function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The Community plan's monthly limit refused the booking (409 monthly_limit_reached). */
export function isMonthlyLimit(error: unknown): boolean {
  return error instanceof ApiError && error.body?.code === "monthly_limit_reached";
}

/**
 * 'Booking Failed' with the reason (spec section 8): the server's message, 'Booking failed'
 * when it answered without one, or 'Please try again or contact support.' when no answer
 * came (the connection failed). Shows the toast and answers the message.
 */
export function bookingFailure(error: unknown): string {
  if (isSignedOut(error)) return askToLogIn();
  const message = error instanceof ApiError ? errorMessage(error, bookingFailed()) : bookingFallback();
  toast.error(t`Booking Failed`, { id: BOOKING_TOAST_ID, description: message });
  return message;
}

/** 'Payment Setup Failed' with the server's message, or the spec's fallback; shows the toast. */
export function paymentSetupFailure(error: unknown): string {
  if (isSignedOut(error)) return askToLogIn();
  const message = error instanceof ApiError ? errorMessage(error, paymentFallback()) : paymentFallback();
  toast.error(t`Payment Setup Failed`, { id: BOOKING_TOAST_ID, description: message });
  return message;
}

/** 'Booking Confirmed!' with the server's reference. */
export function showBookedToast(reference: string): void {
  markBookedHere();
  toast.bookingConfirmation(t`Booking Confirmed!`, {
    id: BOOKING_TOAST_ID,
    description: t`Your booking reference is ${reference}. Check your email for details.`,
  });
}
