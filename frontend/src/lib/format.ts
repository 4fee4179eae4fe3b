import { plural as pluralMessage, t } from "@lingui/core/macro";
import { dayKeyToUtcDate, type DayKey } from "@/lib/day";
import { currentLocale } from "@/lib/i18n/catalogues";
import { intlLocale, SOURCE_LOCALE, type Locale } from "@/lib/i18n/locales";

const LONDON = "Europe/London";

/** One set of formatters per language, made when first needed (docs/adr/0024-languages.md). */
function formatters(locale: Locale) {
  const tag = intlLocale(locale);
  const longDate = (timeZone: string) =>
    new Intl.DateTimeFormat(tag, { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" });
  return {
    shortDate: new Intl.DateTimeFormat(tag, { timeZone: LONDON, weekday: "short", day: "numeric", month: "short", year: "numeric" }),
    longLondonDate: longDate(LONDON),
    longUtcDate: longDate("UTC"),
    time: new Intl.DateTimeFormat(tag, { timeZone: LONDON, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
    // Ukrainian would otherwise write "GBP" (Arabic writes "UK£" even so: see `pounds`).
    pounds: new Intl.NumberFormat(tag, { style: "currency", currency: "GBP", currencyDisplay: "narrowSymbol" }),
  };
}

const byLocale = new Map<Locale, ReturnType<typeof formatters>>();

/** The formatters of the language being shown: dates and times always in London's time. */
function current() {
  const locale = currentLocale();
  let found = byLocale.get(locale);
  if (!found) {
    found = formatters(locale);
    byLocale.set(locale, found);
  }
  return found;
}

/** English writes "Tuesday 24 November 2026" (no comma); other languages their own way. */
function longDate(formatter: Intl.DateTimeFormat, date: Date): string {
  if (currentLocale() !== SOURCE_LOCALE) return formatter.format(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    formatter.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/** "Tue, 24 Nov 2026" in London time. */
export function formatShortDate(iso: string): string {
  return current().shortDate.format(new Date(iso));
}

/** "Tuesday 24 November 2026" in London time. */
export function formatLongDate(iso: string): string {
  return longDate(current().longLondonDate, new Date(iso));
}

/** "Tuesday 24 November 2026" for a calendar day. */
export function formatDayKey(key: DayKey): string {
  return longDate(current().longUtcDate, dayKeyToUtcDate(key));
}

/** "18:30" (24-hour clock) in London time. */
export function formatTime(iso: string): string {
  return current().time.format(new Date(iso));
}

/** "18:30 – 20:00" for an event of `minutes` starting at `iso`. */
export function formatTimeRange(iso: string, minutes: number): string {
  const end = new Date(new Date(iso).getTime() + minutes * 60_000);
  return `${formatTime(iso)} – ${current().time.format(end)}`;
}

/** "90 minutes", in the language's own plural forms. */
export function formatDuration(minutes: number): string {
  return pluralMessage(minutes, { one: "# minute", other: "# minutes" });
}

/** "£12.50" in the reader's language, with "£" in every one (Intl writes "UK£" in Arabic). */
export function formatPounds(amount: number): string {
  return current()
    .pounds.formatToParts(amount)
    .map((part) => (part.type === "currency" ? "£" : part.value))
    .join("");
}

/** The API sends prices as decimal strings: "0.00" is free, "12.5" shows as "£12.50". */
export function formatPrice(price: string): string {
  const amount = Number(price);
  if (!Number.isFinite(amount)) return price;
  return amount === 0 ? t`Free` : formatPounds(amount);
}

/** "1 spot", "3 spots". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
