import { plural } from "@lingui/core/macro";
import { z } from "zod/mini";
import { ACCESS_KEYS, FACT_VALUES } from "./access-keys";

/** A venue's access facts: every key, each yes, no or unknown. */
export const accessSchema = z.record(z.enum(ACCESS_KEYS), z.enum(FACT_VALUES));

/** Where a session happens (the `venue` of every event, and GET /api/venues). */
export const venueSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  /** Empty for a venue made from an old free-text location, not yet completed. */
  postcode: z.string(),
  borough: z.string(),
  mapUrl: z.nullable(z.string()),
  nearestStepFreeStation: z.nullable(z.string()),
  transportNotes: z.nullable(z.string()),
  access: accessSchema,
  /** When an admin last checked the facts; null when never. */
  accessCheckedAt: z.nullable(z.string()),
});

export type Venue = z.infer<typeof venueSchema>;

/** One event as the API returns it (GET /api/events and /api/events/{id}). */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  date: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), "Invalid date")),
  duration: z.int(),
  /** The venue's one line ("Haggerston Park, Hackney"). */
  location: z.string(),
  /** The location's last comma-separated part ("Hackney"), as the server works it out. */
  area: z.string(),
  venue: venueSchema,
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
  return plural(left, { one: "# free place available", other: "# free places available" });
}
