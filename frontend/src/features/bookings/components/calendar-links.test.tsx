import { render, screen, waitFor } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { I18nProvider } from "@lingui/react";
import { CalendarPreferencesContext, type CalendarPreferences } from "@/lib/calendar-preferences";
import { i18n } from "@/lib/i18n/catalogues";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent, buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { CalendarLinks } from "./calendar-links";

const member = buildUser();
const event = buildEvent({ title: "Tea & Tennis", date: "2026-07-14T18:00:00Z", duration: 60, location: "Court 1" });
let nextBooking = 1;

/** A fresh booking id per test: the once-per-booking record outlives a single test. */
function booking(status = "confirmed") {
  return { id: `b-${nextBooking++}`, reference: "PS-7K3Q9M", status };
}

function withPreferences(calendar: { preferredFormat: string; autoDownload: boolean }) {
  return mockFetch((url) => {
    if (url.pathname === "/api/user/preferences") return json({ preferences: { calendar: { reminderOffset: 60, ...calendar } } });
    if (url.pathname === "/api/auth/user") return json(member);
    return json({}, 404);
  });
}

/**
 * Preferences known to the component from its first render (or unknown, `undefined`), with
 * no request in between: `render` and `rerender` return only once React has run the
 * effects, so whatever the component downloads by itself has started by then and an empty
 * `downloads` means it started nothing.
 */
let known: CalendarPreferences | undefined;
const useKnownPreferences = () => known;
type LinksProps = ComponentProps<typeof CalendarLinks>;
function knowing(props: LinksProps) {
  return (
    <I18nProvider i18n={i18n}>
      <CalendarPreferencesContext value={useKnownPreferences}>
        <CalendarLinks {...props} />
      </CalendarPreferencesContext>
    </I18nProvider>
  );
}
function renderKnowing(preferences: CalendarPreferences | undefined, props: LinksProps) {
  known = preferences;
  const result = render(knowing(props));
  return {
    ...result,
    /** Renders again, the preferences now `next`. */
    learn(next: CalendarPreferences | undefined) {
      known = next;
      result.rerender(knowing(props));
    },
  };
}

/** Downloads the page starts (clicks on a download link), kept from navigating in jsdom. */
const downloads: string[] = [];
function recordDownload(e: MouseEvent) {
  const link = e.target instanceof Element ? e.target.closest("a[download]") : null;
  if (!link) return;
  e.preventDefault();
  downloads.push(link.getAttribute("download") ?? "");
}

beforeEach(() => {
  downloads.length = 0;
  document.addEventListener("click", recordDownload);
});
afterEach(() => {
  document.removeEventListener("click", recordDownload);
  sessionStorage.clear();
});

// jsdom joins the sr-only " (opens in a new tab)" without its leading space; browsers keep it.
describe("CalendarLinks", () => {
  it("offers only the .ics to someone who prefers it", () => {
    renderKnowing({ preferredFormat: "ics", autoDownload: false }, { booking: booking(), event });
    expect(screen.getByRole("link", { name: "Download Calendar" })).toBeInTheDocument();
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });

  it("adds Google Calendar, filled in, in a new tab", async () => {
    withPreferences({ preferredFormat: "google", autoDownload: false });
    renderWithProviders(<CalendarLinks booking={booking()} event={event} />, { user: member });
    const link = await screen.findByRole("link", { name: /^Add to Google Calendar\s*\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const url = new URL(link.getAttribute("href") ?? "");
    expect(url.hostname).toBe("calendar.google.com");
    expect(url.searchParams.get("text")).toBe("Tea & Tennis");
    expect(url.searchParams.get("dates")).toBe("20260714T180000Z/20260714T190000Z");
    expect(url.searchParams.get("details")).toContain("Booking reference: PS-7K3Q9M");
    expect(url.searchParams.get("details")).toContain(`${window.location.origin}/events/${event.id}`);
    expect(screen.queryByRole("link", { name: /Outlook/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download Calendar" })).toBeInTheDocument();
  });

  it("adds Outlook for someone who prefers it", async () => {
    withPreferences({ preferredFormat: "outlook", autoDownload: false });
    renderWithProviders(<CalendarLinks booking={booking()} event={event} />, { user: member });
    const link = await screen.findByRole("link", { name: /^Add to Outlook\s*\(opens in a new tab\)$/ });
    const url = new URL(link.getAttribute("href") ?? "");
    expect(url.hostname).toBe("outlook.live.com");
    expect(url.searchParams.get("subject")).toBe("Tea & Tennis");
    expect(screen.queryByRole("link", { name: /Google/ })).not.toBeInTheDocument();
  });

  it("starts the .ics download once the preferences arrive after a confirmation when autoDownload is on", async () => {
    withPreferences({ preferredFormat: "ics", autoDownload: true });
    renderWithProviders(<CalendarLinks booking={booking()} event={event} justConfirmed />, { user: member });
    await waitFor(() => expect(downloads).toEqual(["PS-7K3Q9M.ics"]));
  });

  it("downloads once per booking: not on a re-render, nor when the confirmation is shown again", () => {
    const on = { preferredFormat: "google", autoDownload: true } as const;
    const confirmed = booking();
    const first = renderKnowing(on, { booking: confirmed, event, justConfirmed: true });
    expect(downloads).toEqual(["PS-7K3Q9M.ics"]);
    first.learn({ ...on });
    first.unmount();
    // The same confirmation shown again (a reload), its preferences applied (the Google link).
    renderKnowing(on, { booking: confirmed, event, justConfirmed: true });
    expect(screen.getByRole("link", { name: /^Add to Google Calendar/ })).toBeInTheDocument();
    expect(downloads).toEqual(["PS-7K3Q9M.ics"]);
  });

  it("does not download by itself while the preferences are unknown, when autoDownload is off, outside a confirmation, or for an unconfirmed booking", () => {
    const unknown = renderKnowing(undefined, { booking: booking(), event, justConfirmed: true });
    expect(downloads).toEqual([]);
    unknown.learn({ preferredFormat: "ics", autoDownload: false });
    expect(downloads).toEqual([]);
    unknown.unmount();

    const on = { preferredFormat: "ics", autoDownload: true } as const;
    renderKnowing(on, { booking: booking(), event }).unmount();
    expect(downloads).toEqual([]);
    renderKnowing(on, { booking: booking("pending"), event, justConfirmed: true }).unmount();
    expect(downloads).toEqual([]);
  });
});
