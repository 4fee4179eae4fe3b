import { lazy, Suspense } from "react";
import { useAuth } from "@/lib/auth";
import { useHydrated } from "@/lib/use-hydrated";

// A visitor never downloads the section: its code loads once someone is signed in. If the
// download fails the section is simply left out rather than breaking the home page.
const RecommendedEvents = lazy(() =>
  import("./recommended-events").catch(() => ({ default: () => null })),
);

/**
 * The home page's "Recommended for you". Renders nothing on the server, while hydrating the
 * prerendered page and for visitors, so their first screen is exactly the prerendered one.
 */
export function RecommendedForYou() {
  const hydrated = useHydrated();
  const { status } = useAuth();
  if (!hydrated || status !== "signedIn") return null;
  return (
    <Suspense fallback={null}>
      <RecommendedEvents />
    </Suspense>
  );
}
