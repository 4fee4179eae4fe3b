import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { useNow } from "@/lib/use-now";
import {
  DARK_AT_NIGHT_STORAGE_KEY,
  isDarkHour,
  isTheme,
  THEME_RECHECK_MS,
  THEME_STORAGE_KEY,
  ThemeContext,
  type ResolvedTheme,
  type Theme,
} from "./theme";

const darkQuery = "(prefers-color-scheme: dark)";

function readStored(key: string): string | null {
  if (typeof localStorage === "undefined") return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be blocked; the choice then lasts for this visit only.
  }
}

function readStoredTheme(): Theme {
  const stored = readStored(THEME_STORAGE_KEY);
  return isTheme(stored) ? stored : "system";
}

function subscribeToDevice(onChange: () => void): () => void {
  const media = window.matchMedia(darkQuery);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

function deviceIsDark(): boolean {
  return window.matchMedia(darkQuery).matches;
}

/**
 * While hydrating, the device's real setting too: the markup never depends on the theme (the
 * header's icon is chosen by CSS from the class index.html's inline script set), so this keeps
 * the theme from flipping, and every context consumer re-rendering, right after.
 */
function deviceIsDarkWhileHydrating(): boolean {
  return typeof window !== "undefined" && deviceIsDark();
}

/**
 * Light, dark or system (the default, following the device and its changes; optionally dark
 * from 20:00 to 06:00 too, rechecked every minute).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const [darkAtNight, setDarkAtNightState] = useState(() => readStored(DARK_AT_NIGHT_STORAGE_KEY) === "1");
  const systemDark = useSyncExternalStore(subscribeToDevice, deviceIsDark, deviceIsDarkWhileHydrating);
  // The clock runs only while the evening option can change the theme.
  const eveningMatters = theme === "system" && darkAtNight;
  const night = isDarkHour(useNow(eveningMatters ? THEME_RECHECK_MS : null));
  const resolvedTheme: ResolvedTheme =
    theme === "dark" || (theme === "system" && (systemDark || (eveningMatters && night))) ? "dark" : "light";

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", resolvedTheme === "dark");
    root.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    store(THEME_STORAGE_KEY, next);
  }, []);

  const setDarkAtNight = useCallback((enabled: boolean) => {
    setDarkAtNightState(enabled);
    store(DARK_AT_NIGHT_STORAGE_KEY, enabled ? "1" : null);
  }, []);

  const value = useMemo(
    () => ({ theme, resolvedTheme, setTheme, darkAtNight, setDarkAtNight }),
    [theme, resolvedTheme, setTheme, darkAtNight, setDarkAtNight],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
