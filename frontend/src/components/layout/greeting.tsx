import { greetingName, type User } from "@/lib/user";
import { cn } from "@/lib/cn";
import { greetingFor } from "@/lib/greeting";
import { useNow } from "@/lib/use-now";

/** "Good evening, Ana": by local hour, rechecked every minute. */
export function Greeting({ user, className }: { user: User; className?: string }) {
  const now = useNow(60_000);
  return (
    <p className={cn("truncate text-sm font-semibold", className)}>
      {greetingFor(now)}, {greetingName(user)}
    </p>
  );
}
