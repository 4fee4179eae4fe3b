import { Trans } from "@lingui/react/macro";
import { CalendarPlus } from "lucide-react";
import type { Ref } from "react";
import { buttonVariants, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { calendarFileName, calendarUrl } from "../lib/calendar";

interface Props {
  booking: { id: string; reference: string };
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** 'Download Calendar': the server's .ics for the booking, saved as {reference}.ics. */
export function DownloadCalendarLink({ booking, variant = "outline", size = "default", className, ref }: Props) {
  return (
    <a
      ref={ref}
      href={calendarUrl(booking.id)}
      download={calendarFileName(booking.reference)}
      className={cn(buttonVariants({ variant, size }), className)}
    >
      <CalendarPlus aria-hidden="true" /> <Trans>Download Calendar</Trans>
    </a>
  );
}
