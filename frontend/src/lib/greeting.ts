export type Greeting = "morning" | "afternoon" | "evening";

/** Morning from 05:00 to before 12:00, afternoon to before 17:00, otherwise evening (local time). */
export function greetingFor(now: Date): Greeting {
  const hour = now.getHours();
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  return "evening";
}
