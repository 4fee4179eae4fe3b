/** What the bell's badge says: nothing at 0, the count up to 9, then "9+" (spec section 2). */
export function badgeText(unread: number): string {
  if (unread <= 0) return "";
  return unread > 9 ? "9+" : String(unread);
}

/** The bell's accessible name, with the count a screen reader should hear. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return "Notifications, none unread";
  return `Notifications, ${unread} unread`;
}

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * "5 minutes ago", "yesterday", "3 weeks ago" (en-GB): the largest whole unit that fits.
 * Under a minute, and anything stamped a little ahead of this device's clock, is "now".
 */
export function relativeTime(timestamp: string, now: Date): string {
  const seconds = Math.round((new Date(timestamp).getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return "";
  const ago = -seconds;
  for (const [unit, size] of UNITS) {
    if (ago >= size) return relative.format(-Math.floor(ago / size), unit);
  }
  return relative.format(0, "second");
}
