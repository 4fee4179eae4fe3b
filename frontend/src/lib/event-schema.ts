import { z } from "zod/mini";

/** One event as the API returns it (GET /api/events and /api/events/{id}). */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  date: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), "Invalid date")),
  duration: z.int(),
  location: z.string(),
  /** The location's last comma-separated part ("Hackney"), as the server works it out. */
  area: z.string(),
  price: z.string().check(z.regex(/^\d+(\.\d{1,2})?$/, "Invalid price")),
  maxParticipants: z.int(),
  currentParticipants: z.int(),
  isActive: z.boolean(),
});

export type SportEvent = z.infer<typeof eventSchema>;

export function isFull(event: SportEvent): boolean {
  return event.currentParticipants >= event.maxParticipants;
}
