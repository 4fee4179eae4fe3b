import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { parseRegister, registerPath, type Register } from "./register-schema";

/** GET /api/admin/events/{id}/register → {event, attendees} (live bookings, by name). */
export async function fetchRegister(eventId: string, signal?: AbortSignal): Promise<Register> {
  const response = await apiRequest("GET", registerPath(eventId), signal ? { signal } : {});
  return parseRegister(await response.json());
}

export function registerQueryKey(eventId: string) {
  return [registerPath(eventId)] as const;
}

export function useRegister(eventId: string) {
  return useQuery({
    queryKey: registerQueryKey(eventId),
    queryFn: ({ signal }) => fetchRegister(eventId, signal),
    staleTime: 0,
  });
}
