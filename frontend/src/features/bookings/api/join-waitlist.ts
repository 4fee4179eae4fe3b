import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";
import { refreshAfterWaitlistChange } from "./refresh-after-waitlist-change";
import { parseWaitlistEntry, waitlistPath, waitlistQueryKey, type WaitlistEntry } from "./waitlist-schema";

/**
 * POST /api/events/{id}/waitlist: 201 with the entry (position 1 = next in line); 409
 * {code: event_not_full | already_waiting | already_offered | already_booked |
 * event_started | event_inactive}; 404 event_not_found; 401 signed out.
 */
export async function joinWaitlist(eventId: string): Promise<WaitlistEntry> {
  const response = await apiRequest("POST", waitlistPath(eventId));
  return parseWaitlistEntry(await response.json());
}

export function useJoinWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => joinWaitlist(eventId),
    onSuccess: (entry) => {
      queryClient.setQueryData(waitlistQueryKey(eventId, user?.id), { entry });
    },
    // A refusal means this page is out of date (the event has places, or the person is
    // already on the list or booked): fetch what is true now.
    onError: () => void refreshAfterWaitlistChange(queryClient),
  });
}
