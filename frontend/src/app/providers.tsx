import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { useToasterRequested } from "@/lib/toaster-request";
import { useHydrated } from "@/lib/use-hydrated";
import { AuthProvider } from "./auth-provider";
import { CalendarPreferencesProvider } from "./calendar-preferences-provider";
import { LocaleProvider } from "./locale-provider";
import { useTheme } from "./theme";
import { ThemeProvider } from "./theme-provider";

// Toasts are never needed for the first paint: their code loads with the first toast.
const Toaster = lazy(() => import("@/components/ui/toaster"));

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  const hydrated = useHydrated();
  const requested = useToasterRequested();
  // Never in server-rendered HTML: nothing to show there, and it follows the device theme.
  // Mounted with the first toast (src/lib/toaster-request.ts): sonner then replays it.
  if (!hydrated || !requested) return null;
  return (
    <Suspense>
      <Toaster theme={resolvedTheme} />
    </Suspense>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <CalendarPreferencesProvider>
            <LocaleProvider>{children}</LocaleProvider>
          </CalendarPreferencesProvider>
        </AuthProvider>
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
