import { useMutation } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { companionFields, type CompanionChoice } from "./create-booking";

export interface CheckoutInput {
  eventId: string;
  accessNeeds: readonly string[];
  accessibilityRequirements: string;
  companion?: CompanionChoice;
}

export const checkoutSessionSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * POST /api/create-checkout-session: holds a place and answers {sessionId, url} for the
 * card checkout (Stripe's page, or the app's own /checkout/{id} offline). 400
 * payment_not_required for a free event; 401 'Please log in to book this event.'; 502.
 */
export async function createCheckoutSession(input: CheckoutInput): Promise<CheckoutSession> {
  const response = await apiRequest("POST", "/api/create-checkout-session", {
    body: {
      eventId: input.eventId,
      accessNeeds: input.accessNeeds,
      accessibilityRequirements: input.accessibilityRequirements.trim() || null,
      ...companionFields(input.companion),
    },
  });
  return checkoutSessionSchema.parse(await response.json());
}

/** Only same-site paths or https pages (Stripe) are followed. */
export function isSafeCheckoutUrl(url: string, origin: string = window.location.origin): boolean {
  try {
    const target = new URL(url, origin);
    return target.origin === origin || target.protocol === "https:";
  } catch {
    return false;
  }
}

/** Sends the browser to the checkout page. */
export function goToCheckout(session: CheckoutSession): void {
  if (!isSafeCheckoutUrl(session.url)) throw new Error("Failed to setup payment. Please try again.");
  window.location.assign(session.url);
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
