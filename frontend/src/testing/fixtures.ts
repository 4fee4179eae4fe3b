import { ACCESS_KEYS, type AccessKey, type FactValue } from "@/lib/access-keys";
import type { SportEvent, Venue } from "@/lib/event-schema";
import type { User } from "@/lib/user";

let nextId = 1;

/** An upcoming event with sensible defaults; override what a test cares about. */
export function buildEvent(overrides: Partial<SportEvent> = {}): SportEvent {
  const id = `00000000-0000-7000-8000-${String(nextId++).padStart(12, "0")}`;
  return {
    id,
    title: "Sunday Football Social",
    description: "A friendly kickabout for every level.",
    category: "Football",
    date: "2026-11-24T18:30:00Z",
    duration: 90,
    location: "Haggerston Park, Hackney",
    area: "Hackney",
    venue: buildVenue(),
    price: "0.00",
    maxParticipants: 20,
    currentParticipants: 5,
    isActive: true,
    companionAllowed: false,
    solidarityPlaces: 0,
    solidarityPlacesLeft: 0,
    ...overrides,
  };
}

/** A venue with nothing checked; override what a test cares about. */
export function buildVenue(overrides: Partial<Venue> = {}): Venue {
  const access = Object.fromEntries(ACCESS_KEYS.map((key) => [key, "unknown"])) as Record<AccessKey, FactValue>;
  return {
    id: "00000000-0000-7000-8000-000000000e01",
    name: "Haggerston Park",
    address: "Yorkton Street, London",
    postcode: "E2 8NH",
    borough: "Hackney",
    mapUrl: null,
    nearestStepFreeStation: null,
    transportNotes: null,
    access,
    accessCheckedAt: null,
    ...overrides,
  };
}

/** A signed-in member; override what a test cares about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: "00000000-0000-7000-8000-00000000a11a",
    firstName: "Ana",
    lastName: "Silva",
    chosenName: null,
    pronouns: null,
    email: "ana@example.org",
    role: "user",
    isEmailVerified: false,
    profileImageUrl: null,
    ...overrides,
  };
}
