import { isDayKey, type DayKey } from "@/lib/day";

/**
 * The admin forms take a session's start as a London calendar day and a London wall-clock
 * time; the API speaks ISO 8601 UTC. These convert between the two across GMT and BST.
 */

const LONDON = "Europe/London";
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MS_PER_MINUTE = 60_000;

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function londonFields(instant: Date) {
  const parts = partsFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

/** Minutes London is ahead of UTC at `instant`: 0 in GMT, 60 in BST. */
export function londonOffsetMinutes(instant: Date): number {
  const f = londonFields(instant);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / MS_PER_MINUTE);
}

/** Whether `value` is a 24-hour "HH:MM". */
export function isTimeOfDay(value: string): boolean {
  return TIME.test(value);
}

/** The London day and time of an ISO instant: {date: "2026-07-01", time: "18:30"}. */
export function londonDateTime(iso: string): { date: DayKey; time: string } {
  const f = londonFields(new Date(iso));
  const pad = (n: number) => String(n).padStart(2, "0");
  return { date: `${f.year}-${pad(f.month)}-${pad(f.day)}`, time: `${pad(f.hour)}:${pad(f.minute)}` };
}

/**
 * The UTC instant (ISO, "2026-07-01T17:30:00.000Z") of a London day and time. On the two
 * clock-change days a wall time can be missing or twice: 01:30 on the last Sunday of March
 * does not exist (read as 02:30 BST, the time an hour later on the clock); 01:30 on the last
 * Sunday of October happens twice (read as the first, BST). Throws on malformed input.
 */
export function londonToIso(date: DayKey, time: string): string {
  const match = TIME.exec(time);
  if (!isDayKey(date) || !match) throw new Error(`Not a London day and time: ${date} ${time}`);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Number(match[1]), Number(match[2]));
  // Try the wall time as BST first (the earlier instant of an ambiguous time), then as GMT.
  for (const offset of [60, 0]) {
    const instant = new Date(wall - offset * MS_PER_MINUTE);
    if (londonOffsetMinutes(instant) === offset) return instant.toISOString();
  }
  // A wall time skipped by the spring change: the clock reads it an hour later, in BST.
  return new Date(wall).toISOString();
}
