import { z } from "zod/mini";
import { eventSchema } from "@/lib/event-schema";
import { fillAbsent, fillAbsentInList, instant } from "./schema";

/** The public event plus who leads it, its series and when it was made. */
export const adminEventSchema = z.object({
  ...eventSchema.shape,
  leaderId: z.nullable(z.string()),
  leaderName: z.nullable(z.string()),
  seriesId: z.nullable(z.string()),
  createdAt: instant(),
});

export type AdminEvent = z.infer<typeof adminEventSchema>;

const NULLABLE = ["leaderId", "leaderName", "seriesId"] as const;

export function parseAdminEvent(data: unknown): AdminEvent {
  return adminEventSchema.parse(fillAbsent(data, NULLABLE));
}

const eventsPageSchema = z.object({
  events: z.array(adminEventSchema),
  nextCursor: z.nullable(z.string()),
  total: z.int(),
});

export type EventsPage = z.infer<typeof eventsPageSchema>;

export function parseEventsPage(data: unknown): EventsPage {
  return eventsPageSchema.parse(fillAbsentInList(data, "events", NULLABLE, ["nextCursor"]));
}

/** {events} without paging (the registers list). */
export function parseEventList(data: unknown): AdminEvent[] {
  const filled = fillAbsentInList(data, "events", NULLABLE) as { events?: unknown };
  return z.array(adminEventSchema).parse(filled.events);
}

export const adminEventsPath = "/api/admin/events";

/** The spec's event categories besides the sports. */
export const EVENT_CATEGORIES = [
  { value: "fitness", label: "Fitness" },
  { value: "sports", label: "Sports (general)" },
  { value: "wellness", label: "Wellness" },
] as const;
