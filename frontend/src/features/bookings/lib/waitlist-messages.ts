import { t } from "@lingui/core/macro";
import { toast } from "@/lib/toast";
import { BOOKING_TOAST_ID } from "@/features/bookings/lib/messages";
import { ApiError, errorMessage } from "@/lib/api-client";


/** A failed waitlist action: the server's words, or a fallback; one toast in the booking area. */
export function waitlistFailure(title: string, error: unknown): string {
  const message =
    error instanceof ApiError && error.status === 401
      ? t`You must be logged in to join the waitlist`
      : errorMessage(error, t`Something went wrong with the waitlist. Please try again.`);
  toast.error(title, { id: BOOKING_TOAST_ID, description: message });
  return message;
}

/** A waitlist action that worked. */
export function waitlistSuccess(title: string, description: string): void {
  toast.success(title, { id: BOOKING_TOAST_ID, description });
}
