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
  /** A member may bring a companion on a second, free place (ADR 0022). */
  companionAllowed: z.boolean(),
  /** Free places Supporters fund on a paid session, and how many can still be booked. */
  solidarityPlaces: z.int(),
  solidarityPlacesLeft: z.int(),
});

export type SportEvent = z.infer<typeof eventSchema>;

export function isFull(event: SportEvent): boolean {
  return event.currentParticipants >= event.maxParticipants;
}

/** "2 free places available" while solidarity places are left; null when none are. */
export function freePlacesLine(event: Pick<SportEvent, "solidarityPlacesLeft">): string | null {
  const left = event.solidarityPlacesLeft;
  if (left <= 0) return null;
  return left === 1 ? "1 free place available" : `${left} free places available`;
}
