import { t } from "@lingui/core/macro";
import { formatLongDate, formatTimeRange } from "@/lib/format";
import { currentLocale } from "@/lib/i18n/catalogues";
import { intlLocale } from "@/lib/i18n/locales";

/** "Tuesday 24 November 2026, 18:30 – 20:00" in London time, in the reader's language. */
export function formatWhen(event: { date: string; duration: number }): string {
  const date = formatLongDate(event.date);
  const time = formatTimeRange(event.date, event.duration);
  return t`${date}, ${time}`;
}

/** "Tue 24 Nov, 16:30" in London time, in the reader's language. */
export function formatShortDateTime(instant: Date): string {
  return new Intl.DateTimeFormat(intlLocale(currentLocale()), {
    timeZone: "Europe/London",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}
