import { startTransition, useEffect, useState, type ReactNode } from "react";
import { HydratedContext } from "@/lib/use-hydrated";

/**
 * Tells useHydrated when the server-rendered page has been taken over. With `prerendered`
 * (the prerender itself, and hydrating its HTML) that is after hydration, as a transition:
 * the content the placeholders stood for then renders in small slices, without blocking input.
 */
export function HydrationGate({ prerendered, children }: { prerendered: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!prerendered);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}
