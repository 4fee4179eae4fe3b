import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { isTheme, THEME_STORAGE_KEY, ThemeContext, type ResolvedTheme, type Theme } from "./theme";

const darkQuery = "(prefers-color-scheme: dark)";

function readStoredTheme(): Theme {
  if (typeof localStorage === "undefined") return "system";
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : "system";
  } catch {
    return "system";
  }
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

/** Light, dark or system (the default, following the device and its changes). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const systemDark = useSyncExternalStore(subscribeToDevice, deviceIsDark, deviceIsDarkWhileHydrating);
  const resolvedTheme: ResolvedTheme =
    theme === "dark" || (theme === "system" && systemDark) ? "dark" : "light";

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", resolvedTheme === "dark");
    root.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage may be blocked; the choice then lasts for this visit only.
    }
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
