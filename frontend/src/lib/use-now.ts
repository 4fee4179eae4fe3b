import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs` (the header greeting uses 60 s); `null`
 * stops the clock (nothing re-renders), and starting it again reads the time straight away.
 */
export function useNow(intervalMs: number | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (intervalMs === null) return;
    const tick = () => setNow(new Date());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, intervalMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}
