import { z } from "zod/mini";
import { SPORTS } from "@/lib/sports";
import { charCount } from "@/lib/validation";
import { CALENDAR_FORMATS, DAYS, DIGEST_FREQUENCIES, LOCATION_CHARS, MAX_DISTANCE_MILES, MAX_PREFERRED_LOCATIONS, MAX_REMINDER_OFFSET_MINUTES, NOTIFICATION_METHODS, REMINDER_TIMINGS, SKILL_LEVELS, TIMES, VISIBILITIES } from "@/generated/shared-rules/preferences";

/** Spec section 9's lists; the server accepts exactly these values. */
export { CALENDAR_FORMATS, DAYS, REMINDER_TIMINGS, SKILL_LEVELS, TIMES, VISIBILITIES };
export const FREQUENCIES = DIGEST_FREQUENCIES;
/** "sms" is shown but cannot be chosen yet (the server refuses it). */
export const METHODS = NOTIFICATION_METHODS.filter(
  (method): method is Exclude<(typeof NOTIFICATION_METHODS)[number], "sms"> => method !== "sms",
);

export const MAX_DISTANCE = { min: 1, max: MAX_DISTANCE_MILES } as const;
export const REMINDER_OFFSET = { min: 0, max: MAX_REMINDER_OFFSET_MINUTES } as const;
export const MAX_LOCATIONS = MAX_PREFERRED_LOCATIONS;
export const MAX_LOCATION_CHARS = LOCATION_CHARS;

/** The server's messages, so a field says the same thing whichever side caught it. */
export const PREFERENCE_MESSAGES = {
  sports: "Please choose sports from the list",
  skillLevel: "Skill level must be Beginner, Intermediate or Advanced",
  days: "Please choose days from the list",
  times: "Please choose times from the list",
  maxDistance: "Maximum distance must be between 1 and 50",
  locations: "Up to 20 locations of at most 100 characters",
  methods: "Please choose methods from the list",
  timing: "Please choose reminder times from the list",
  frequency: "Frequency must be daily, weekly or bi-weekly",
  format: "Format must be ics, google or outlook",
  reminderOffset: "Reminder offset must be between 0 and 10080 minutes",
  visibility: "Visibility must be public, members or private",
} as const;

const M = PREFERENCE_MESSAGES;

/** One of `values`; typed as their union. (A refine, not z.enum: every zod type used anywhere
 * ships in the home page's bundle, since zod is there for the events list.) */
const choice = <T extends string>(values: readonly T[], message: string) =>
  z.custom<T>((value) => values.includes(value), message);

const listOf = <T extends string>(values: readonly T[], message: string) =>
  z.array(choice(values, message), { error: message });

const wholeNumberBetween = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, message));

export const preferencesSchema = z.object({
  sports: z.object({
    favorites: listOf(SPORTS, M.sports),
    skillLevel: choice(SKILL_LEVELS, M.skillLevel),
    interests: listOf(SPORTS, M.sports),
  }),
  availability: z.object({
    days: listOf(DAYS, M.days),
    times: listOf(TIMES, M.times),
    maxDistance: wholeNumberBetween(MAX_DISTANCE.min, MAX_DISTANCE.max, M.maxDistance),
    preferredLocations: z.array(z.string()).check(
      z.refine(
        (list) => list.length <= MAX_LOCATIONS && list.every((place) => charCount(place) <= MAX_LOCATION_CHARS),
        M.locations,
      ),
    ),
  }),
  notifications: z.object({
    methods: listOf(METHODS, M.methods),
    eventReminders: z.object({ enabled: z.boolean(), timing: listOf(REMINDER_TIMINGS, M.timing) }),
    recommendations: z.object({ enabled: z.boolean(), frequency: choice(FREQUENCIES, M.frequency) }),
    marketing: z.object({ enabled: z.boolean(), newsletters: z.boolean() }),
  }),
  calendar: z.object({
    autoDownload: z.boolean(),
    preferredFormat: choice(CALENDAR_FORMATS, M.format),
    reminderOffset: wholeNumberBetween(REMINDER_OFFSET.min, REMINDER_OFFSET.max, M.reminderOffset),
  }),
  privacy: z.object({
    profileVisibility: choice(VISIBILITIES, M.visibility),
    shareAttendance: z.boolean(),
    shareProgress: z.boolean(),
  }),
});

export type Preferences = z.output<typeof preferencesSchema>;

/** Spec section 9's defaults. */
export function defaultPreferences(): Preferences {
  return {
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
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function listFrom<T extends string>(value: unknown, allowed: readonly T[], fallback: T[]): T[] {
  if (!Array.isArray(value)) return fallback;
  return [...new Set(value.filter((item): item is T => allowed.includes(item as T)))];
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

function wholeNumber(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

function places(value: unknown, fallback: string[]): string[] {
  if (!Array.isArray(value)) return fallback;
  const cleaned = value
    .filter((item): item is string => typeof item === "string")
    .map((item) => item.trim())
    .filter((item) => item !== "" && charCount(item) <= MAX_LOCATION_CHARS);
  return [...new Set(cleaned)].slice(0, MAX_LOCATIONS);
}

/**
 * Any stored or received value as complete, valid preferences: what is missing or not
 * allowed takes its default. Keeps an old or hand-edited browser copy from breaking the page.
 */
export function normalizePreferences(input: unknown): Preferences {
  const d = defaultPreferences();
  const v = record(input);
  const sports = record(v.sports);
  const availability = record(v.availability);
  const notifications = record(v.notifications);
  const reminders = record(notifications.eventReminders);
  const recommendations = record(notifications.recommendations);
  const marketing = record(notifications.marketing);
  const calendar = record(v.calendar);
  const privacy = record(v.privacy);
  return {
    sports: {
      favorites: listFrom(sports.favorites, SPORTS, d.sports.favorites),
      skillLevel: oneOf(sports.skillLevel, SKILL_LEVELS, d.sports.skillLevel),
      interests: listFrom(sports.interests, SPORTS, d.sports.interests),
    },
    availability: {
      days: listFrom(availability.days, DAYS, d.availability.days),
      times: listFrom(availability.times, TIMES, d.availability.times),
      maxDistance: wholeNumber(availability.maxDistance, MAX_DISTANCE.min, MAX_DISTANCE.max, d.availability.maxDistance),
      preferredLocations: places(availability.preferredLocations, d.availability.preferredLocations),
    },
    notifications: {
      methods: listFrom(notifications.methods, METHODS, d.notifications.methods),
      eventReminders: {
        enabled: flag(reminders.enabled, d.notifications.eventReminders.enabled),
        timing: listFrom(reminders.timing, REMINDER_TIMINGS, d.notifications.eventReminders.timing),
      },
      recommendations: {
        enabled: flag(recommendations.enabled, d.notifications.recommendations.enabled),
        frequency: oneOf(recommendations.frequency, FREQUENCIES, d.notifications.recommendations.frequency),
      },
      marketing: {
        enabled: flag(marketing.enabled, d.notifications.marketing.enabled),
        newsletters: flag(marketing.newsletters, d.notifications.marketing.newsletters),
      },
    },
    calendar: {
      autoDownload: flag(calendar.autoDownload, d.calendar.autoDownload),
      preferredFormat: oneOf(calendar.preferredFormat, CALENDAR_FORMATS, d.calendar.preferredFormat),
      reminderOffset: wholeNumber(calendar.reminderOffset, REMINDER_OFFSET.min, REMINDER_OFFSET.max, d.calendar.reminderOffset),
    },
    privacy: {
      profileVisibility: oneOf(privacy.profileVisibility, VISIBILITIES, d.privacy.profileVisibility),
      shareAttendance: flag(privacy.shareAttendance, d.privacy.shareAttendance),
      shareProgress: flag(privacy.shareProgress, d.privacy.shareProgress),
    },
  };
}
