import { markBookedHere, toast } from "@/lib/toast";
import { ApiError, errorMessage } from "@/lib/api-client";

/** One toast at a time in the booking area (spec section 4): each replaces the last. */
export const BOOKING_TOAST_ID = "booking";

export const BOOKING_FALLBACK = "Please try again or contact support.";
/** The spec's failure message when the server refused a booking without saying why. */
export const BOOKING_FAILED = "Booking failed";
export const PAYMENT_FALLBACK = "Failed to setup payment. Please try again.";
export const LOGIN_TO_BOOK = "Please log in to book this event.";

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
  if (isSignedOut(error)) {
    toast.error("Authentication Required", { id: BOOKING_TOAST_ID, description: LOGIN_TO_BOOK });
    return LOGIN_TO_BOOK;
  }
  const message = error instanceof ApiError ? errorMessage(error, BOOKING_FAILED) : BOOKING_FALLBACK;
  toast.error("Booking Failed", { id: BOOKING_TOAST_ID, description: message });
  return message;
}

/** 'Payment Setup Failed' with the server's message, or the spec's fallback; shows the toast. */
export function paymentSetupFailure(error: unknown): string {
  if (isSignedOut(error)) {
    toast.error("Authentication Required", { id: BOOKING_TOAST_ID, description: LOGIN_TO_BOOK });
    return LOGIN_TO_BOOK;
  }
  const message = error instanceof ApiError ? errorMessage(error, PAYMENT_FALLBACK) : PAYMENT_FALLBACK;
  toast.error("Payment Setup Failed", { id: BOOKING_TOAST_ID, description: message });
  return message;
}

/** 'Booking Confirmed!' with the server's reference. */
export function showBookedToast(reference: string): void {
  markBookedHere();
  toast.bookingConfirmation("Booking Confirmed!", {
    id: BOOKING_TOAST_ID,
    description: `Your booking reference is ${reference}. Check your email for details.`,
  });
}
