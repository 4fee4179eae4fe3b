import { useLingui } from "@lingui/react/macro";
import { greetingName, type User } from "@/lib/user";
import { cn } from "@/lib/cn";
import { greetingFor } from "@/lib/greeting";
import { useNow } from "@/lib/use-now";

/** "Good evening, Ana": by local hour, rechecked every minute. */
export function Greeting({ user, className }: { user: User; className?: string }) {
  const { t } = useLingui();
  const now = useNow(60_000);
  const name = greetingName(user);
  const greeting = greetingFor(now);
  return (
    <p className={cn("truncate text-sm font-semibold", className)}>
      {greeting === "morning"
        ? t`Good morning, ${name}`
        : greeting === "afternoon"
          ? t`Good afternoon, ${name}`
          : t`Good evening, ${name}`}
    </p>
  );
}
