import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest, withQuery } from "@/lib/api-client";

const addressSchema = z.object({ email: z.string() });
const messageSchema = z.object({ message: z.string() });

export const unsubscribePath = "/api/unsubscribe";

/** GET /api/unsubscribe?token= → {email} (masked, "a***@example.org"); 400 invalid_token. */
export async function fetchUnsubscribeAddress(token: string, signal?: AbortSignal): Promise<string> {
  const response = await apiRequest("GET", withQuery(unsubscribePath, { token }), signal ? { signal } : {});
  return addressSchema.parse(await response.json()).email;
}

/** Whose marketing email an emailed link stops: no sign-in needed, the signed token is the proof. */
export function useUnsubscribeAddress(token: string) {
  return useQuery({
    queryKey: [unsubscribePath, token],
    queryFn: ({ signal }) => fetchUnsubscribeAddress(token, signal),
    enabled: token !== "",
  });
}

/** POST /api/unsubscribe {token} → {message}; idempotent; 400 invalid_token; 429 when repeated too often. */
export async function confirmUnsubscribe(token: string): Promise<string> {
  const response = await apiRequest("POST", unsubscribePath, { body: { token } });
  return messageSchema.parse(await response.json()).message;
}

export function useConfirmUnsubscribe() {
  return useMutation({ mutationFn: confirmUnsubscribe });
}
