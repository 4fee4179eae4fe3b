import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminEventsPath, parseAdminEvent, type AdminEvent } from "./admin-event-schema";
import type { EventFields } from "./event-fields";
import { refreshAfterEventChange } from "./refresh";

/**
 * POST /api/admin/events {title, description, category, venueId, date, duration=60,
 * maxParticipants=20, price="0.00", isActive=true, leaderId?} → 201 {event}.
 */
export async function createEvent(fields: EventFields): Promise<AdminEvent> {
  const { leaderId, ...rest } = fields;
  const response = await apiRequest("POST", adminEventsPath, { body: leaderId ? { ...rest, leaderId } : rest });
  const data = (await response.json()) as { event?: unknown };
  return parseAdminEvent(data.event);
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => refreshAfterEventChange(queryClient) });
}
