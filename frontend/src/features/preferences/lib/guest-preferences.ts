import {
  MAX_LOCATIONS,
  normalizePreferences,
  type Preferences,
} from "../api/preferences-schema";

/** A guest's saved preferences live in this browser until they sign in. */
export const GUEST_PREFERENCES_KEY = "guestPreferences";

export function readGuestPreferences(): Preferences | null {
  try {
    const text = localStorage.getItem(GUEST_PREFERENCES_KEY);
    return text === null ? null : normalizePreferences(JSON.parse(text));
  } catch {
    return null;
  }
}

export function saveGuestPreferences(preferences: Preferences): void {
  localStorage.setItem(GUEST_PREFERENCES_KEY, JSON.stringify(preferences));
}

export function clearGuestPreferences(): void {
  try {
    localStorage.removeItem(GUEST_PREFERENCES_KEY);
  } catch {
    // Storage blocked: there was nothing to clear.
  }
}

function union<T>(first: readonly T[], second: readonly T[]): T[] {
  return [...new Set([...first, ...second])];
}

/**
 * What signing in makes of a guest's choices and the account's: the guest's settings win
 * (they are the newest), while the sports and places lists are combined so nothing the
 * member chose before is lost.
 */
export function mergePreferences(account: Preferences, guest: Preferences): Preferences {
  return {
    ...guest,
    sports: {
      ...guest.sports,
      favorites: union(account.sports.favorites, guest.sports.favorites),
      interests: union(account.sports.interests, guest.sports.interests),
    },
    availability: {
      ...guest.availability,
      preferredLocations: union(
        account.availability.preferredLocations,
        guest.availability.preferredLocations,
      ).slice(0, MAX_LOCATIONS),
    },
  };
}
