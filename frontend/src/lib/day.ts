/**
 * Calendar days as "YYYY-MM-DD" strings. Arithmetic runs in UTC so that a day never
 * shifts with the browser's time zone or a clock change; "today" is the London day.
 */
export type DayKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const londonDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Europe/London calendar day that contains `instant`. */
export function londonDayKey(instant: Date): DayKey {
  return londonDayFormat.format(instant);
}

/** Whether `value` is a real calendar day written as YYYY-MM-DD. */
export function isDayKey(value: string): value is DayKey {
  const match = DAY_KEY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function dayKeyToUtcDate(key: DayKey): Date {
  return new Date(`${key}T00:00:00Z`);
}

function utcDateToDayKey(date: Date): DayKey {
  return date.toISOString().slice(0, 10);
}

export function addDays(key: DayKey, days: number): DayKey {
  return utcDateToDayKey(new Date(dayKeyToUtcDate(key).getTime() + days * MS_PER_DAY));
}

/** Same day of month `months` later, clamped to that month's last day. */
export function addMonths(key: DayKey, months: number): DayKey {
  const date = dayKeyToUtcDate(key);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return utcDateToDayKey(target);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(key: DayKey): number {
  return dayKeyToUtcDate(key).getUTCDay();
}

export function startOfMonth(key: DayKey): DayKey {
  return `${key.slice(0, 7)}-01`;
}

export function isSameMonth(a: DayKey, b: DayKey): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** Weeks (Sunday first) covering the month of `key`; days of other months are null. */
export function monthWeeks(key: DayKey): (DayKey | null)[][] {
  const first = startOfMonth(key);
  const weeks: (DayKey | null)[][] = [];
  let week: (DayKey | null)[] = Array<DayKey | null>(dayOfWeek(first)).fill(null);
  for (let day = first; isSameMonth(day, first); day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) {
    weeks.push([...week, ...Array<DayKey | null>(7 - week.length).fill(null)]);
  }
  return weeks;
}
