import { Bell } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { badgeText, bellLabel } from "../lib/format";

/** The bell with its unread badge; the panel's trigger, and shown alone while it loads. */
export function BellButton({ unread, ...props }: ComponentProps<"button"> & { unread: number }) {
  const badge = badgeText(unread);
  return (
    <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(unread)} {...props}>
      <Bell aria-hidden="true" className="size-5!" />
      {badge && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground ring-2 ring-background"
        >
          {badge}
        </span>
      )}
    </Button>
  );
}
