const KEY_PREFIX = "calendarAutoDownloaded:";

/** Bookings whose file this tab has started, for when sessionStorage is blocked. */
const started = new Set<string>();

/**
 * True the first time it is asked about `bookingId` in this tab, false after that, so the
 * automatic .ics download happens once per booking: not again on a re-render, a reload of
 * the confirmation page, or its second mount in development's strict mode.
 */
export function claimAutoDownload(bookingId: string): boolean {
  if (started.has(bookingId)) return false;
  started.add(bookingId);
  try {
    if (sessionStorage.getItem(KEY_PREFIX + bookingId) !== null) return false;
    sessionStorage.setItem(KEY_PREFIX + bookingId, "1");
  } catch {
    // Storage blocked: the in-memory record still stops repeats until the tab reloads.
  }
  return true;
}
