import { dayKeyToUtcDate, type DayKey } from "@/lib/day";

const LONDON = "Europe/London";

const shortDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

const longDateParts = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
const longLondonDate = longDateParts(LONDON);
const longUtcDate = longDateParts("UTC");

const time = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

function joinLongDate(formatter: Intl.DateTimeFormat, date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    formatter.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/** "Tue, 24 Nov 2026" in London time. */
export function formatShortDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

/** "Tuesday 24 November 2026" in London time. */
export function formatLongDate(iso: string): string {
  return joinLongDate(longLondonDate, new Date(iso));
}

/** "Tuesday 24 November 2026" for a calendar day. */
export function formatDayKey(key: DayKey): string {
  return joinLongDate(longUtcDate, dayKeyToUtcDate(key));
}

/** "18:30" (24-hour clock) in London time. */
export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}

/** "18:30 – 20:00" for an event of `minutes` starting at `iso`. */
export function formatTimeRange(iso: string, minutes: number): string {
  const end = new Date(new Date(iso).getTime() + minutes * 60_000);
  return `${formatTime(iso)} – ${time.format(end)}`;
}

export function formatDuration(minutes: number): string {
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The API sends prices as decimal strings: "0.00" is free, "12.5" shows as "£12.50". */
export function formatPrice(price: string): string {
  const amount = Number(price);
  if (!Number.isFinite(amount)) return price;
  return amount === 0 ? "Free" : pounds.format(amount);
}

/** "1 spot", "3 spots". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
