import { t } from "@lingui/core/macro";
/**
 * "Add to Google Calendar" / "Add to Outlook" addresses for a booked event: the providers'
 * own compose pages with the event's details filled in, for people who chose that calendar
 * in their preferences (the .ics file stays for everyone else).
 */

export interface CalendarEntry {
  event: {
    id: string;
    title: string;
    /** ISO start instant. */
    date: string;
    /** Minutes. */
    duration: number;
    location: string;
  };
  reference: string;
  /** This site's origin ("https://playspace.org.uk"), for the event page's address. */
  origin: string;
}

function start(entry: CalendarEntry): Date {
  return new Date(entry.event.date);
}

function end(entry: CalendarEntry): Date {
  return new Date(start(entry).getTime() + entry.event.duration * 60_000);
}

/** "2026-07-14T17:30:00Z": ISO in UTC without milliseconds. */
function isoUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** "20260714T173000Z": Google's basic-format UTC stamp. */
function basicUtc(instant: Date): string {
  return isoUtc(instant).replace(/[-:]/g, "");
}

export function eventPageUrl(entry: Pick<CalendarEntry, "event" | "origin">): string {
  return `${entry.origin.replace(/\/+$/, "")}/events/${encodeURIComponent(entry.event.id)}`;
}

/** The entry's notes: what to quote on arrival and where the event's details are. */
export function calendarDescription(entry: CalendarEntry): string {
  const { reference } = entry;
  const url = eventPageUrl(entry);
  return [
    t`Booking reference: ${reference}`,
    t`Please arrive 15 minutes early and quote your reference.`,
    "",
    t`Event details: ${url}`,
  ].join("\n");
}

/**
 * "?a=1&b=2" with every value percent-encoded as UTF-8 (spaces as %20, not "+", which
 * Outlook shows literally). Values marked raw are our own stamps and paths, left readable.
 */
function query(pairs: readonly (readonly [string, string, "raw"?])[]): string {
  return pairs.map(([key, value, raw]) => `${key}=${raw ? value : encodeURIComponent(value)}`).join("&");
}

export function googleCalendarUrl(entry: CalendarEntry): string {
  return `https://calendar.google.com/calendar/render?${query([
    ["action", "TEMPLATE", "raw"],
    ["text", entry.event.title],
    ["dates", `${basicUtc(start(entry))}/${basicUtc(end(entry))}`, "raw"],
    ["details", calendarDescription(entry)],
    ["location", entry.event.location],
  ])}`;
}

export function outlookCalendarUrl(entry: CalendarEntry): string {
  return `https://outlook.live.com/calendar/0/action/compose?${query([
    ["subject", entry.event.title],
    ["startdt", isoUtc(start(entry)), "raw"],
    ["enddt", isoUtc(end(entry)), "raw"],
    ["body", calendarDescription(entry)],
    ["location", entry.event.location],
    ["path", "/calendar/action/compose", "raw"],
    ["rru", "addevent", "raw"],
  ])}`;
}
