import type { ReactNode } from "react";
import { usePreferences } from "@/features/preferences/api/get-preferences";
import { useAuth } from "@/lib/auth";
import { CalendarPreferencesContext, type CalendarPreferences } from "@/lib/calendar-preferences";

/** The signed-in person's saved calendar preferences (cached with the rest, 5 minutes). */
function useAccountCalendarPreferences(): CalendarPreferences | undefined {
  const { user } = useAuth();
  const preferences = usePreferences(user !== null);
  return user ? preferences.data?.calendar : undefined;
}

export function CalendarPreferencesProvider({ children }: { children: ReactNode }) {
  return <CalendarPreferencesContext value={useAccountCalendarPreferences}>{children}</CalendarPreferencesContext>;
}
