import { t } from "@lingui/core/macro";
import { useEffect, useState } from "react";
import { formatLongDate, formatTime } from "@/lib/format";
import { WAITLIST_HOLD_HOURS } from "@/generated/shared-rules/bookings";

/** How long a freed place is held for the person it is offered to: the server's CLAIM_WINDOW. */
export const HOLD_HOURS = WAITLIST_HOLD_HOURS;

/** "Tuesday 24 November 2026, 16:30" in London time, as the offer email says it. */
export function formatHeldUntil(iso: string): string {
  const date = formatLongDate(iso);
  const time = formatTime(iso);
  return t`${date}, ${time}`;
}

// setTimeout takes at most about 24.8 days.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Whether `iso` has passed; turns true by itself when it does, while the page stays open. */
export function useHasPassed(iso: string | null | undefined): boolean {
  const deadline = iso ? Date.parse(iso) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(deadline) || now >= deadline) return;
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(deadline - Date.now(), 0) + 250, LONGEST_TIMER_MS),
    );
    return () => window.clearTimeout(timer);
  }, [deadline, now]);
  return !Number.isNaN(deadline) && now >= deadline;
}
