import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "@/lib/router";
import { AuthProvider } from "@/app/auth-provider";
import { CalendarPreferencesProvider } from "@/app/calendar-preferences-provider";
import { LocaleProvider } from "@/app/locale-provider";
import { ThemeProvider } from "@/app/theme-provider";
import { currentUserQueryKey } from "@/features/auth/api/get-current-user";
import { createQueryClient } from "@/lib/query-client";
import { setSessionHint } from "@/lib/session-hint";
import type { User } from "@/lib/user";

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The current in-app URL ("/events?sport=Football") as the router sees it. */
export function currentUrl(): string {
  return screen.getByTestId("location").textContent;
}

interface Options {
  /** The URL to start at. */
  route?: string;
  /** The route pattern the UI is mounted at, for useParams. */
  path?: string;
  queryClient?: QueryClient;
  /** Renders as this signed-in person (default: signed out). */
  user?: User;
}

/** Renders `ui` with the app's providers and an in-memory router. */
/** Only the reader's language around `children`: for a component that needs no other provider. */
export function InLanguage({ children }: { children: ReactNode }) {
  return <LocaleProvider>{children}</LocaleProvider>;
}

export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  if (options.user) {
    setSessionHint(true);
    queryClient.setQueryData(currentUserQueryKey, options.user);
  }
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <CalendarPreferencesProvider>
            <LocaleProvider>
              <MemoryRouter initialEntries={[options.route ?? "/"]}>
                <Routes>
                  <Route path={options.path ?? "*"} element={ui} />
                </Routes>
                <LocationDisplay />
              </MemoryRouter>
            </LocaleProvider>
          </CalendarPreferencesProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
