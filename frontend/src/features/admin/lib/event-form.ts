import { z } from "zod/mini";
import { isDayKey, londonDayKey } from "@/lib/day";
import { SPORTS } from "@/lib/sports";
import { EVENT_CATEGORIES, type AdminEvent } from "../api/admin-event-schema";
import { NEW_EVENT_DEFAULTS, type EventFields } from "../api/event-fields";
import { isTimeOfDay, londonDateTime, londonToIso } from "./london-time";

/** The 16 sports, then the spec's general categories. */
export const CATEGORY_OPTIONS: readonly { value: string; label: string }[] = [
  ...SPORTS.map((sport) => ({ value: sport, label: sport })),
  ...EVENT_CATEGORIES,
];

/** The Leader select's value for "nobody". */
export const NO_LEADER = "none";

export const EVENT_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  category: "Please choose a category",
  venueId: "Please choose a venue",
  date: "Please enter a date",
  time: "Please enter a time as HH:MM",
  duration: "Duration must be between 1 and 1440 minutes",
  capacity: "Capacity must be at least 1",
  price: "Please enter a price in pounds, such as 5.00",
  /** The server's words (crates/domain/src/free_places.rs). */
  solidarityPlaces: "Enter 0 or more places",
} as const;

/** The server's words when capacity would drop below the places already taken. */
export const placesTaken = (taken: number) => `There are already ${taken} ${taken === 1 ? "place" : "places"} taken`;

const PRICE = /^\d{1,8}(\.\d{1,2})?$/;
const wholeNumber = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN);
const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** The shared session fields of the event and series forms (text, as the boxes hold them). */
export const sessionFieldShape = {
  title: required(EVENT_MESSAGES.title),
  description: required(EVENT_MESSAGES.description),
  category: z.string().check(z.refine((value) => CATEGORY_OPTIONS.some((option) => option.value === value), EVENT_MESSAGES.category)),
  venueId: required(EVENT_MESSAGES.venueId),
  time: z.string().check(z.refine(isTimeOfDay, EVENT_MESSAGES.time)),
  duration: z.string().check(
    z.refine((value) => {
      const minutes = wholeNumber(value);
      return minutes >= 1 && minutes <= 1440;
    }, EVENT_MESSAGES.duration),
  ),
  price: z.string().check(z.trim(), z.refine((value) => PRICE.test(value), EVENT_MESSAGES.price)),
  leaderId: z.string(),
};

/** The event form; capacity may not go below `minCapacity` (the places already taken). */
export function eventFormSchema(minCapacity = 0) {
  return z.object({
    ...sessionFieldShape,
    date: z.string().check(z.refine(isDayKey, EVENT_MESSAGES.date)),
    maxParticipants: z.string().check(
      z.refine((value) => wholeNumber(value) >= 1, EVENT_MESSAGES.capacity),
      z.refine((value) => !(wholeNumber(value) < minCapacity), placesTaken(minCapacity)),
    ),
    isActive: z.boolean(),
    companionAllowed: z.boolean(),
    solidarityPlaces: z.string().check(z.refine((value) => wholeNumber(value) >= 0, EVENT_MESSAGES.solidarityPlaces)),
    scope: z.string(),
  });
}

export type EventFormValues = z.output<ReturnType<typeof eventFormSchema>>;

/** "5" → "5.00". */
export function normalisePrice(price: string): string {
  return Number(price).toFixed(2);
}

/** A blank form with the spec's defaults, starting tomorrow at 18:30 London time. */
export function newEventValues(now: Date = new Date()): EventFormValues {
  const tomorrow = londonDayKey(new Date(now.getTime() + 86_400_000));
  return {
    title: "",
    description: "",
    category: "",
    venueId: "",
    date: tomorrow,
    time: "18:30",
    duration: String(NEW_EVENT_DEFAULTS.duration),
    maxParticipants: String(NEW_EVENT_DEFAULTS.maxParticipants),
    price: NEW_EVENT_DEFAULTS.price,
    isActive: NEW_EVENT_DEFAULTS.isActive,
    companionAllowed: false,
    solidarityPlaces: "0",
    leaderId: NO_LEADER,
    scope: "this",
  };
}

/** The form filled from a session (to edit it, or to duplicate it). */
export function eventToValues(event: AdminEvent): EventFormValues {
  const { date, time } = londonDateTime(event.date);
  return {
    title: event.title,
    description: event.description,
    category: event.category,
    venueId: event.venue.id,
    date,
    time,
    duration: String(event.duration),
    maxParticipants: String(event.maxParticipants),
    price: normalisePrice(event.price),
    isActive: event.isActive,
    companionAllowed: event.companionAllowed,
    solidarityPlaces: String(event.solidarityPlaces),
    leaderId: event.leaderId ?? NO_LEADER,
    scope: "this",
  };
}

/** What the API takes, from valid form values. */
export function valuesToFields(values: EventFormValues): EventFields {
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    venueId: values.venueId,
    date: londonToIso(values.date, values.time),
    duration: Number(values.duration),
    maxParticipants: Number(values.maxParticipants),
    price: normalisePrice(values.price),
    isActive: values.isActive,
    companionAllowed: values.companionAllowed,
    solidarityPlaces: Number(values.solidarityPlaces),
    leaderId: values.leaderId === NO_LEADER ? null : values.leaderId,
  };
}

/** Only the fields that differ from `event` (a PATCH changes nothing else). */
export function changedFields(event: AdminEvent, fields: EventFields): Partial<EventFields> {
  const patch: Partial<EventFields> = {};
  if (fields.title !== event.title) patch.title = fields.title;
  if (fields.description !== event.description) patch.description = fields.description;
  if (fields.category !== event.category) patch.category = fields.category;
  if (fields.venueId !== event.venue.id) patch.venueId = fields.venueId;
  if (Date.parse(fields.date) !== Date.parse(event.date)) patch.date = fields.date;
  if (fields.duration !== event.duration) patch.duration = fields.duration;
  if (fields.maxParticipants !== event.maxParticipants) patch.maxParticipants = fields.maxParticipants;
  if (Number(fields.price) !== Number(event.price)) patch.price = fields.price;
  if (fields.isActive !== event.isActive) patch.isActive = fields.isActive;
  if (fields.leaderId !== event.leaderId) patch.leaderId = fields.leaderId;
  if (fields.companionAllowed !== event.companionAllowed) patch.companionAllowed = fields.companionAllowed;
  if (fields.solidarityPlaces !== event.solidarityPlaces) patch.solidarityPlaces = fields.solidarityPlaces;
  return patch;
}

/** Whether `price` is a price the API takes ("5", "5.5", "5.50"). */
export function isPrice(price: string): boolean {
  return PRICE.test(price.trim());
}
