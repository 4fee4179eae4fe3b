import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import { buttonVariants, type ButtonProps } from "@/components/ui/button";
import { ExternalLink } from "@/components/layout/external-link";
import { useCalendarPreferences, type CalendarPreferences } from "@/lib/calendar-preferences";
import { cn } from "@/lib/cn";
import { googleCalendarUrl, outlookCalendarUrl, type CalendarEntry } from "../lib/add-to-calendar";
import { claimAutoDownload } from "../lib/auto-download";
import { DownloadCalendarLink } from "./download-calendar-link";

const PROVIDERS = {
  google: { label: msg`Add to Google Calendar`, url: googleCalendarUrl },
  outlook: { label: msg`Add to Outlook`, url: outlookCalendarUrl },
} as const satisfies Record<Exclude<CalendarPreferences["preferredFormat"], "ics">, unknown>;

interface Props {
  booking: { id: string; reference: string; status: string };
  event: CalendarEntry["event"];
  /**
   * Shown as the confirmation of a booking just made: with the autoDownload preference on,
   * the .ics download starts by itself (once per booking in this tab).
   */
  justConfirmed?: boolean;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  /** Applied to each link. */
  className?: string;
}

/**
 * 'Download Calendar', plus 'Add to Google Calendar' or 'Add to Outlook' (a new tab with the
 * event filled in) when that is the person's preferred calendar.
 */
export function CalendarLinks({ booking, event, justConfirmed = false, variant = "outline", size = "default", className }: Props) {
  const preferences = useCalendarPreferences();
  const { i18n } = useLingui();
  const download = useRef<HTMLAnchorElement>(null);
  const autoDownload = justConfirmed && booking.status === "confirmed" && preferences?.autoDownload === true;

  useEffect(() => {
    if (autoDownload && claimAutoDownload(booking.id)) download.current?.click();
  }, [autoDownload, booking.id]);

  const format = preferences?.preferredFormat;
  const provider = format === "google" || format === "outlook" ? PROVIDERS[format] : null;
  return (
    <>
      <DownloadCalendarLink ref={download} booking={booking} variant={variant} size={size} className={className} />
      {provider && (
        <ExternalLink
          href={provider.url({ event, reference: booking.reference, origin: window.location.origin })}
          className={cn(buttonVariants({ variant, size }), className)}
        >
          {i18n._(provider.label)}
        </ExternalLink>
      )}
    </>
  );
}
