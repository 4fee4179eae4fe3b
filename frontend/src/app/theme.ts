import { createContext, useContext } from "react";

export type Theme = "light" | "dark" | "system";
export type ResolvedTheme = "light" | "dark";

/** Same key as index.html's inline script, which applies the theme before first paint. */
export const THEME_STORAGE_KEY = "theme";
/** "1" when System also turns dark in the evening (also read by index.html's script). */
export const DARK_AT_NIGHT_STORAGE_KEY = "themeDarkAtNight";

/**
 * The optional evening dark (spec sections 4 and 9): with System chosen, dark from 20:00 to
 * 06:00 local time, rechecked every 60 seconds. index.html's inline script repeats the hours
 * for the first paint; theme.test.ts holds the two together.
 */
export const DARK_HOURS = { from: 20, until: 6 } as const;
export const THEME_RECHECK_MS = 60_000;

/** Whether `date`'s local hour is in the dark hours (20:00 up to, not including, 06:00). */
export function isDarkHour(date: Date): boolean {
  const hour = date.getHours();
  return hour >= DARK_HOURS.from || hour < DARK_HOURS.until;
}

export interface ThemeContextValue {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
  /** With System: dark between 20:00 and 06:00 whatever the device says. */
  darkAtNight: boolean;
  setDarkAtNight: (enabled: boolean) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark" || value === "system";
}
