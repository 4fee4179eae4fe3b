import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest, withQuery } from "@/lib/api-client";

/** The lists a link can stop: news and updates, the new-sessions digest, or the blog's newsletter. */
const listSchema = z.enum(["marketing", "session-alerts", "newsletter"]);
export type MailingList = z.infer<typeof listSchema>;

const addressSchema = z.object({ email: z.string(), list: listSchema });
const messageSchema = z.object({ message: z.string() });

export const unsubscribePath = "/api/unsubscribe";

/** GET /api/unsubscribe?token= → {email (masked, "a***@example.org"), list}; 400 invalid_token. */
export async function fetchUnsubscribeAddress(
  token: string,
  signal?: AbortSignal,
): Promise<z.infer<typeof addressSchema>> {
  const response = await apiRequest("GET", withQuery(unsubscribePath, { token }), signal ? { signal } : {});
  return addressSchema.parse(await response.json());
}

/** Whose email an emailed link stops, and which: no sign-in needed, the signed token is the proof. */
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
