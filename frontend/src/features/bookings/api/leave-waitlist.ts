import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";
import { refreshAfterWaitlistChange } from "./refresh-after-waitlist-change";
import { waitlistPath, waitlistQueryKey, type WaitlistResponse } from "./waitlist-schema";

const responseSchema = z.object({ message: z.string() });

/**
 * DELETE /api/events/{id}/waitlist: 200 {message}. While waiting this leaves the queue; while
 * offered it declines the held place, which passes to the next person at once. 404
 * not_on_waitlist.
 */
export async function leaveWaitlist(eventId: string): Promise<{ message: string }> {
  const response = await apiRequest("DELETE", waitlistPath(eventId));
  return responseSchema.parse(await response.json());
}

export function useLeaveWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = waitlistQueryKey(eventId, user?.id);
  return useMutation({
    mutationFn: () => leaveWaitlist(eventId),
    onSuccess: () => {
      // What the server now holds, shown at once: a declined offer has ended for good.
      queryClient.setQueryData<WaitlistResponse>(key, (previous) =>
        previous?.entry
          ? {
              entry: {
                ...previous.entry,
                status: previous.entry.status === "offered" ? "expired" : "left",
                position: null,
                offerExpiresAt: null,
              },
            }
          : previous,
      );
    },
    // Not awaited: the panel shows the new state as soon as the server has answered.
    onSettled: () => void refreshAfterWaitlistChange(queryClient),
  });
}
