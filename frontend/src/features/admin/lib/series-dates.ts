import { addDays, dayKeyToUtcDate, dayOfWeek, type DayKey } from "@/lib/day";
import { MAX_SERIES_SESSIONS } from "@/generated/shared-rules/sessions";

/** The most sessions one series may create (the server refuses more). */
export { MAX_SERIES_SESSIONS };

export interface SeriesPlan {
  /** London day of the first session; its weekday is the series' weekday. */
  firstDate: DayKey;
  intervalWeeks: 1 | 2;
  /** London day of the last possible session (inclusive). */
  until: DayKey;
  skipDates: readonly DayKey[];
}

export interface SeriesPreview {
  /** The London days a session will be created on, in order (never more than the cap + 1). */
  dates: DayKey[];
  /** Skip dates that are not on the series' days (they change nothing). */
  strayedSkips: DayKey[];
  /** More sessions than MAX_SERIES_SESSIONS: the server would refuse the series. */
  tooMany: boolean;
}

/**
 * The days a series creates, as the server counts them: from `firstDate` every 1 or 2
 * weeks, up to and including `until`, leaving out `skipDates`. Calendar-day arithmetic
 * (src/lib/day.ts), so a clock change never moves a session to another day.
 */
export function seriesDates(plan: SeriesPlan): SeriesPreview {
  const skips = new Set(plan.skipDates);
  const dates: DayKey[] = [];
  for (let day = plan.firstDate; day <= plan.until; day = addDays(day, plan.intervalWeeks * 7)) {
    if (skips.has(day)) continue;
    dates.push(day);
    // One past the cap is enough to know the series is too long.
    if (dates.length > MAX_SERIES_SESSIONS) break;
  }
  const strayedSkips = plan.skipDates.filter((day) => !isSeriesDay(plan, day));
  return { dates, strayedSkips, tooMany: dates.length > MAX_SERIES_SESSIONS };
}

/** Whether `day` is one of the series' days (skipped or not). */
export function isSeriesDay(plan: Pick<SeriesPlan, "firstDate" | "intervalWeeks" | "until">, day: DayKey): boolean {
  if (day < plan.firstDate || day > plan.until) return false;
  const days = Math.round((dayKeyToUtcDate(day).getTime() - dayKeyToUtcDate(plan.firstDate).getTime()) / 86_400_000);
  return days % (plan.intervalWeeks * 7) === 0;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const longDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** "Tuesday" for a London day. */
export function weekdayName(day: DayKey): string {
  return WEEKDAYS[dayOfWeek(day)] ?? "";
}

/** "31 March 2027". */
export function formatDayShort(day: DayKey): string {
  return longDay.format(dayKeyToUtcDate(day));
}

/** "every Tuesday 18:30 until 31 March 2027: 17 sessions". */
export function describeSeries(plan: SeriesPlan, time: string, count: number): string {
  const every = plan.intervalWeeks === 1 ? "every" : "every other";
  const sessions = `${count} ${count === 1 ? "session" : "sessions"}`;
  return `${every} ${weekdayName(plan.firstDate)} ${time} until ${formatDayShort(plan.until)}: ${sessions}`;
}
