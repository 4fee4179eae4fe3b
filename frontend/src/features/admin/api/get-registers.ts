import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { parseEventList, type AdminEvent } from "./admin-event-schema";

export const registersQueryKey = ["/api/admin/registers"] as const;

/**
 * GET /api/admin/registers → {events}: the sessions the caller leads from yesterday on
 * (admins: every session), soonest first.
 */
export async function fetchRegisters(signal?: AbortSignal): Promise<AdminEvent[]> {
  const response = await apiRequest("GET", registersQueryKey[0], signal ? { signal } : {});
  return parseEventList(await response.json());
}

export function useRegisters() {
  return useQuery({ queryKey: registersQueryKey, queryFn: ({ signal }) => fetchRegisters(signal), staleTime: 0 });
}
