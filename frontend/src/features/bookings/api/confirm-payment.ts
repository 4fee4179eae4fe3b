import { t } from "@lingui/core/macro";
import { useQuery } from "@tanstack/react-query";
import { withQuery } from "@/lib/api-client";
import { bookingWithEventSchema, type BookingWithEvent } from "./booking-schema";

export type PaymentConfirmation =
  | { success: true; booking: BookingWithEvent }
  | { success: false; error: string; booking: BookingWithEvent | null };

/** The spec's messages for the /success page's 'Payment Error', in the reader's language. */
const PAYMENT_MESSAGES = {
  noSession: () => t`No payment session found`,
  notConfirmed: () => t`Payment confirmation failed`,
  failed: () => t`Failed to confirm payment`,
} as const;

/**
 * GET /api/confirm-payment?session_id= → {success, booking, error}. Its failures (404 'No
 * payment session found', 502 'Failed to confirm payment') carry the same shape, so the
 * body is read whatever the status.
 */
export async function confirmPayment(sessionId: string, signal?: AbortSignal): Promise<PaymentConfirmation> {
  if (sessionId === "") return { success: false, error: PAYMENT_MESSAGES.noSession(), booking: null };
  let data: Record<string, unknown> = {};
  try {
    const response = await fetch(withQuery("/api/confirm-payment", { session_id: sessionId }), {
      credentials: "include",
      headers: { Accept: "application/json" },
      signal: signal ?? null,
    });
    const body: unknown = await response.json();
    if (typeof body === "object" && body !== null) data = body as Record<string, unknown>;
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  const parsed = bookingWithEventSchema.safeParse(data.booking);
  const booking = parsed.success ? parsed.data : null;
  if (data.success === true && booking) return { success: true, booking };
  const error =
    typeof data.error === "string" && data.error !== ""
      ? data.error
      : data.success === false
        ? PAYMENT_MESSAGES.notConfirmed()
        : PAYMENT_MESSAGES.failed();
  return { success: false, error, booking };
}

export function useConfirmPayment(sessionId: string, userId: string | undefined) {
  return useQuery({
    queryKey: ["/api/confirm-payment", { session_id: sessionId }, userId],
    queryFn: ({ signal }) => confirmPayment(sessionId, signal),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}
