import type { QueryClient } from "@tanstack/react-query";
import { StrictMode, type ComponentType, type ReactNode } from "react";
import { HydrationGate } from "./hydration-gate";
import { Providers } from "./providers";
import { AppRoutes } from "./router";

interface AppProps {
  queryClient: QueryClient;
  /** BrowserRouter in the browser; a StaticRouter when prerendering (src/entry-server.tsx). */
  router: ComponentType<{ children?: ReactNode }>;
  /** Prerendering, or hydrating prerendered HTML: see src/lib/use-hydrated.ts. */
  prerendered: boolean;
}

/** The whole app: one tree for the browser and the prerender, so hydration finds what it expects. */
export function App({ queryClient, router: Router, prerendered }: AppProps) {
  return (
    <StrictMode>
      <HydrationGate prerendered={prerendered}>
        <Providers queryClient={queryClient}>
          <Router>
            <AppRoutes />
          </Router>
        </Providers>
      </HydrationGate>
    </StrictMode>
  );
}
