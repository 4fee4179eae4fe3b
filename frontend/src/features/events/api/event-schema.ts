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
  price: z.string().check(z.regex(/^\d+(\.\d{1,2})?$/, "Invalid price")),
  maxParticipants: z.int(),
  currentParticipants: z.int(),
  isActive: z.boolean(),
});

export type SportEvent = z.infer<typeof eventSchema>;

export function isFull(event: SportEvent): boolean {
  return event.currentParticipants >= event.maxParticipants;
}

/** The area of a location is its last comma-separated part: "Haggerston Park, Hackney" -> "Hackney". */
export function areaOf(location: string): string {
  const parts = location.split(",");
  return (parts[parts.length - 1] ?? location).trim();
}
