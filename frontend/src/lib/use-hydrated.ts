import { createContext, useContext } from "react";

/** See useHydrated; provided by HydrationGate (src/app/hydration-gate.tsx). */
export const HydratedContext = createContext(true);

/**
 * False while React renders on the server and while it hydrates server-sent HTML, true
 * afterwards (and from the start when the page is rendered in the browser alone).
 *
 * Public pages are prerendered at build time, without data and without knowing who is
 * looking (docs/adr/0006-prerendered-first-screen.md). A component whose output depends on
 * such things (the events data, the signed-in person, the clock) renders its placeholder
 * until this is true, so hydration always sees exactly the server's markup; the real content
 * follows in the next render.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
