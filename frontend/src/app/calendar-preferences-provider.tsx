import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Preferences } from "@/features/preferences/api/preferences-schema";
import { useAuth } from "@/lib/auth";
import { CalendarPreferencesContext, type CalendarPreferences } from "@/lib/calendar-preferences";
import { PREFERENCES_STALE_MS, preferencesQueryKey } from "@/lib/preferences-query";

/**
 * The signed-in person's saved calendar preferences: the preferences feature's own query
 * (same key, so one cache), whose code loads only when a screen with a calendar link asks.
 * This provider is in every page's first download; the preferences schema is not.
 */
function useAccountCalendarPreferences(): CalendarPreferences | undefined {
  const { user } = useAuth();
  const preferences = useQuery<Preferences>({
    queryKey: preferencesQueryKey,
    queryFn: async ({ signal }) => (await import("@/features/preferences/api/get-preferences")).fetchPreferences({ signal }),
    enabled: user !== null,
    staleTime: PREFERENCES_STALE_MS,
  });
  return user ? preferences.data?.calendar : undefined;
}

export function CalendarPreferencesProvider({ children }: { children: ReactNode }) {
  return <CalendarPreferencesContext value={useAccountCalendarPreferences}>{children}</CalendarPreferencesContext>;
}
