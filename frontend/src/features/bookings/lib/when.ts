import { formatLongDate, formatTimeRange } from "@/lib/format";

/** "Tuesday 24 November 2026, 18:30 – 20:00" in London time. */
export function formatWhen(event: { date: string; duration: number }): string {
  return `${formatLongDate(event.date)}, ${formatTimeRange(event.date, event.duration)}`;
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Tue 24 Nov, 16:30" in London time. */
export function formatShortDateTime(instant: Date): string {
  return dateTime.format(instant);
}
