import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";

/** GET /api/events/{id}/attendees: how many are going and, for members, who shares it. */
export const attendeesSchema = z.object({
  count: z.number(),
  people: z.array(z.object({ name: z.string(), pronouns: z.nullable(z.string()) })),
});
export type Attendees = z.infer<typeof attendeesSchema>;

export async function fetchAttendees(eventId: string, signal?: AbortSignal): Promise<Attendees> {
  const response = await apiRequest("GET", `/api/events/${encodeURIComponent(eventId)}/attendees`, {
    ...(signal ? { signal } : {}),
  });
  return attendeesSchema.parse(await response.json());
}

/** Keyed by who is looking: a visitor's answer (the count only) is never a member's. */
export function useAttendees(eventId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [`/api/events/${eventId}/attendees`, user?.id ?? "visitor"],
    queryFn: ({ signal }) => fetchAttendees(eventId, signal),
  });
}
