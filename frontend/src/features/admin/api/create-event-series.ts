import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import type { DayKey } from "@/lib/day";
import { parseEventList, type AdminEvent } from "./admin-event-schema";
import { refreshAfterEventChange } from "./refresh";

export interface CreateSeriesInput {
  title: string;
  description: string;
  category: string;
  /** The venue's id (GET /api/admin/venues). */
  venueId: string;
  firstDate: DayKey;
  /** London wall-clock time, "18:30". */
  time: string;
  intervalWeeks: 1 | 2;
  until: DayKey;
  skipDates: DayKey[];
  duration: number;
  maxParticipants: number;
  price: string;
  leaderId: string | null;
}

const resultSchema = z.object({ seriesId: z.string() });

/**
 * POST /api/admin/event-series → 201 {seriesId, events}: one session per London day from
 * firstDate every 1 or 2 weeks up to until (inclusive), minus skipDates; at most 104.
 */
export async function createEventSeries(input: CreateSeriesInput): Promise<{ seriesId: string; events: AdminEvent[] }> {
  const { leaderId, ...rest } = input;
  const response = await apiRequest("POST", "/api/admin/event-series", { body: leaderId ? { ...rest, leaderId } : rest });
  const data: unknown = await response.json();
  return { seriesId: resultSchema.parse(data).seriesId, events: parseEventList(data) };
}

export function useCreateEventSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEventSeries, onSuccess: () => refreshAfterEventChange(queryClient) });
}
