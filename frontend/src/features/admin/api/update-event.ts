import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest, withQuery } from "@/lib/api-client";
import { adminEventSchema, adminEventsPath, parseAdminEvent } from "./admin-event-schema";
import type { EventFields } from "./event-fields";
import { refreshAfterEventChange } from "./refresh";
import { replaceInLists } from "./schema";

/** For a session of a series: change only it, or it and every later session. */
export type EventScope = "this" | "following";

export interface UpdateEventInput {
  id: string;
  patch: Partial<EventFields>;
  /** Only for a session of a series. */
  scope?: EventScope | undefined;
}

const resultSchema = z.object({ event: adminEventSchema, updated: z.int(), notified: z.int() });
export type UpdateEventResult = z.infer<typeof resultSchema>;

/**
 * PATCH /api/admin/events/{id}?scope=this|following with any subset of the fields → 200
 * {event, updated, notified}: sessions changed and people told (a new date, time or place,
 * or a cancelled session). 400 fieldErrors.maxParticipants below the places taken.
 */
export async function updateEvent({ id, patch, scope }: UpdateEventInput): Promise<UpdateEventResult> {
  const url = withQuery(`${adminEventsPath}/${encodeURIComponent(id)}`, { scope });
  const response = await apiRequest("PATCH", url, { body: patch });
  const data = (await response.json()) as Record<string, unknown>;
  return resultSchema.parse({ ...data, event: parseAdminEvent(data.event) });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (result, input) => {
      replaceInLists(queryClient, adminEventsPath, "events", result.event);
      // More than one session, or a change people were told of, shows elsewhere too.
      if (result.updated > 1 || result.notified > 0 || input.patch.isActive !== undefined || input.patch.date !== undefined) {
        refreshAfterEventChange(queryClient);
      }
    },
  });
}
