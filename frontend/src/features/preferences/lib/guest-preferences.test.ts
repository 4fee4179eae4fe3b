import { describe, expect, it } from "vitest";
import { defaultPreferences, normalizePreferences, preferencesSchema, type Preferences } from "../api/preferences-schema";
import {
  clearGuestPreferences,
  GUEST_PREFERENCES_KEY,
  mergePreferences,
  readGuestPreferences,
  saveGuestPreferences,
} from "./guest-preferences";

function withChanges(change: (p: Preferences) => void): Preferences {
  const preferences = defaultPreferences();
  change(preferences);
  return preferences;
}

describe("preferences defaults and limits", () => {
  it("has the spec's defaults", () => {
    expect(defaultPreferences()).toEqual({
      sports: { favorites: [], skillLevel: "Beginner", interests: [] },
      availability: { days: ["Flexible"], times: ["Evening"], maxDistance: 10, preferredLocations: [] },
      notifications: {
        methods: ["email"],
        eventReminders: { enabled: true, timing: ["24 hours", "1 hour"] },
        recommendations: { enabled: true, frequency: "weekly" },
        marketing: { enabled: false, newsletters: true },
      },
      calendar: { autoDownload: false, preferredFormat: "ics", reminderOffset: 60 },
      privacy: { profileVisibility: "members", shareAttendance: true, shareProgress: false },
    });
  });

  it("checks maxDistance 1–50 and reminderOffset 0–10080 with the server's words", () => {
    const issues = (p: Preferences) =>
      preferencesSchema.safeParse(p).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];
    expect(issues(withChanges((p) => (p.availability.maxDistance = 1)))).toEqual([]);
    expect(issues(withChanges((p) => (p.availability.maxDistance = 50)))).toEqual([]);
    expect(issues(withChanges((p) => (p.availability.maxDistance = 51)))).toEqual([
      ["availability.maxDistance", "Maximum distance must be between 1 and 50"],
    ]);
    expect(issues(withChanges((p) => (p.availability.maxDistance = Number.NaN)))).toEqual([
      ["availability.maxDistance", "Maximum distance must be between 1 and 50"],
    ]);
    expect(issues(withChanges((p) => (p.calendar.reminderOffset = 10_080)))).toEqual([]);
    expect(issues(withChanges((p) => (p.calendar.reminderOffset = -1)))).toEqual([
      ["calendar.reminderOffset", "Reminder offset must be between 0 and 10080 minutes"],
    ]);
  });

  it("turns anything stored into complete, valid preferences", () => {
    expect(normalizePreferences(null)).toEqual(defaultPreferences());
    const odd = normalizePreferences({
      sports: { favorites: ["Yoga", "Quidditch", "Yoga"], skillLevel: "Expert" },
      availability: { maxDistance: 500, preferredLocations: [" Hackney ", "", 7] },
      notifications: { methods: ["sms", "browser"] },
      privacy: { profileVisibility: "private", shareProgress: "yes" },
    });
    expect(odd.sports).toEqual({ favorites: ["Yoga"], skillLevel: "Beginner", interests: [] });
    expect(odd.availability.maxDistance).toBe(10);
    expect(odd.availability.preferredLocations).toEqual(["Hackney"]);
    expect(odd.notifications.methods).toEqual(["browser"]);
    expect(odd.privacy).toEqual({ profileVisibility: "private", shareAttendance: true, shareProgress: false });
  });
});

describe("guest preferences", () => {
  it("are saved in and read back from this browser", () => {
    expect(readGuestPreferences()).toBeNull();
    const mine = withChanges((p) => (p.sports.favorites = ["Yoga"]));
    saveGuestPreferences(mine);
    expect(readGuestPreferences()).toEqual(mine);
    clearGuestPreferences();
    expect(localStorage.getItem(GUEST_PREFERENCES_KEY)).toBeNull();
  });

  it("ignore a corrupt browser copy", () => {
    localStorage.setItem(GUEST_PREFERENCES_KEY, "{not json");
    expect(readGuestPreferences()).toBeNull();
  });

  it("win over the account's settings at sign-in, while sports and places are combined", () => {
    const account = withChanges((p) => {
      p.sports.favorites = ["Football", "Tennis"];
      p.sports.interests = ["Boxing"];
      p.availability.preferredLocations = ["Hackney"];
      p.privacy.profileVisibility = "public";
      p.calendar.reminderOffset = 120;
    });
    const guest = withChanges((p) => {
      p.sports.favorites = ["Tennis", "Yoga"];
      p.sports.skillLevel = "Advanced";
      p.availability.preferredLocations = ["Mile End", "Hackney"];
      p.notifications.methods = ["email", "browser"];
    });
    const merged = mergePreferences(account, guest);
    expect(merged.sports).toEqual({ favorites: ["Football", "Tennis", "Yoga"], skillLevel: "Advanced", interests: ["Boxing"] });
    expect(merged.availability.preferredLocations).toEqual(["Hackney", "Mile End"]);
    expect(merged.notifications.methods).toEqual(["email", "browser"]);
    expect(merged.privacy.profileVisibility).toBe("members");
    expect(merged.calendar.reminderOffset).toBe(60);
  });

  it("keep the combined places within the limit of 20", () => {
    const places = (prefix: string) => Array.from({ length: 15 }, (_, i) => `${prefix} ${i}`);
    const account = withChanges((p) => (p.availability.preferredLocations = places("A")));
    const guest = withChanges((p) => (p.availability.preferredLocations = places("G")));
    const merged = mergePreferences(account, guest).availability.preferredLocations;
    expect(merged).toHaveLength(20);
    expect(merged.slice(0, 15)).toEqual(places("A"));
  });
});
