import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";

const answerSchema = z.object({ title: z.string(), message: z.string() });
const messageSchema = z.object({ message: z.string() });
export type SubscribeAnswer = z.infer<typeof answerSchema>;

export interface SubscribeValues {
  email: string;
  /** The honeypot: always empty when a person fills the form. */
  website: string;
}

/**
 * POST /api/newsletter {email, website}: 200 {title, message}, the same answer whether or not
 * the address was already subscribed; 400 with fieldErrors.email; 429 when sent too often.
 */
export async function subscribe(values: SubscribeValues): Promise<SubscribeAnswer> {
  const response = await apiRequest("POST", "/api/newsletter", { body: values });
  return answerSchema.parse(await response.json());
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}

/** POST /api/newsletter/confirm {token}: 200 {message}; 400 invalid_token. */
export async function confirmSubscription(token: string): Promise<string> {
  const response = await apiRequest("POST", "/api/newsletter/confirm", { body: { token } });
  return messageSchema.parse(await response.json()).message;
}

/** Confirms once per token: a query, so React's double effects never post it twice. */
export function useConfirmSubscription(token: string) {
  return useQuery({
    queryKey: ["newsletter-confirm", token],
    queryFn: () => confirmSubscription(token),
    enabled: token !== "",
    gcTime: Infinity,
    retry: false,
  });
}
