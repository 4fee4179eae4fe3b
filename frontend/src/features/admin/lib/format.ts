import { formatShortDate, formatTime } from "@/lib/format";

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Money as pounds even when zero ("£0.00"): revenue and amounts, not prices. */
export function formatMoney(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? pounds.format(value) : amount;
}

/** "Tue, 24 Nov 2026, 18:30" in London time. */
export function formatDateTime(iso: string): string {
  return `${formatShortDate(iso)}, ${formatTime(iso)}`;
}

/** A date-time, or "Never" for a missing one (a last login). */
export function formatOptionalDateTime(iso: string | null): string {
  return iso ? formatDateTime(iso) : "Never";
}

const weekLabel = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const monthLabel = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "short", year: "2-digit" });
const monthLong = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" });

/** "3 Nov" for a week starting on the London day "2026-11-03". */
export function formatWeekStart(day: string): string {
  return weekLabel.format(new Date(`${day}T00:00:00Z`));
}

/** "Nov 26" (short) or "November 2026" (long) for "2026-11". */
export function formatMonth(month: string, style: "short" | "long" = "short"): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return (style === "short" ? monthLabel : monthLong).format(date);
}

/** A whole percentage, "75%", or "—" when there is nothing to divide by. */
export function formatPercent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : "—";
}

const compactDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "24 Nov 2026" in London time: a date in a crowded table. */
export function formatDay(iso: string): string {
  return compactDay.format(new Date(iso));
}

/** "24 Nov 2026, 18:30", or "Never" for a missing one: a last login in a crowded table. */
export function formatCompactDateTime(iso: string | null): string {
  return iso ? `${formatDay(iso)}, ${formatTime(iso)}` : "Never";
}
