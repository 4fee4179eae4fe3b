import { useQuery } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";
import { parseWaitlistResponse, waitlistPath, waitlistQueryKey, type WaitlistResponse } from "./waitlist-schema";

/** GET /api/events/{id}/waitlist → {entry}; 401 signed out; 404 event_not_found. */
export async function fetchWaitlistEntry(eventId: string, signal?: AbortSignal): Promise<WaitlistResponse> {
  const response = await apiRequest("GET", waitlistPath(eventId), { ...(signal ? { signal } : {}) });
  return parseWaitlistResponse(await response.json());
}

/** The signed-in person's entry in the event's waitlist (asked again on each visit). */
export function useWaitlistEntry(eventId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: waitlistQueryKey(eventId, user?.id),
    queryFn: ({ signal }) => fetchWaitlistEntry(eventId, signal),
    enabled: enabled && user !== null,
    // Positions move and offers arrive on the server: never trust an old answer on arrival.
    staleTime: 0,
  });
}
