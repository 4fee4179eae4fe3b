import { createContext, useContext } from "react";

/** The signed-in person's calendar choices (spec: preferences, calendar). */
export interface CalendarPreferences {
  preferredFormat: "ics" | "google" | "outlook";
  autoDownload: boolean;
}

/** Reads the person's calendar preferences; undefined while unknown. */
export type CalendarPreferencesHook = () => CalendarPreferences | undefined;

/**
 * Supplied by the app, which may read the preferences feature (features may not import one
 * another). A hook rather than a value, so preferences are fetched only by screens that show
 * a calendar link, not on every page. Without a provider nothing is known: just the .ics.
 * The provided hook must be the same function on every render.
 */
export const CalendarPreferencesContext = createContext<CalendarPreferencesHook>(() => undefined);

export function useCalendarPreferences(): CalendarPreferences | undefined {
  const usePreferences = useContext(CalendarPreferencesContext);
  return usePreferences();
}
