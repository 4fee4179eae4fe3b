/** The fields an admin sets on a session (POST and PATCH /api/admin/events). */
export interface EventFields {
  title: string;
  description: string;
  category: string;
  /** The venue's id (GET /api/admin/venues). */
  venueId: string;
  /** ISO 8601 UTC. */
  date: string;
  duration: number;
  maxParticipants: number;
  /** Pounds, "12.50". */
  price: string;
  isActive: boolean;
  leaderId: string | null;
  /** A member may bring a companion on a second, free place (ADR 0022). */
  companionAllowed: boolean;
  /** Free places Supporters fund on a paid session. */
  solidarityPlaces: number;
}

/** The spec's defaults for a new event. */
export const NEW_EVENT_DEFAULTS = { duration: 60, maxParticipants: 20, price: "0.00", isActive: true } as const;
