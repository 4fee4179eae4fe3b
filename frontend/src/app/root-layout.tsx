import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "@/lib/router";
import { PageFallback } from "@/components/layout/page-fallback";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { useHydrated } from "@/lib/use-hydrated";
import { RouteErrorBoundary } from "./route-error";
import { ScrollToTop } from "./scroll-to-top";

/** A shortcut on small screens, not the page's content: loaded after first paint. */
const FloatingBookButton = lazy(() => import("@/components/layout/floating-book-button"));

export function RootLayout() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* Keyed by path so an error on one page clears when the visitor moves on. */}
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter>
        {hydrated && (
          <Suspense>
            <FloatingBookButton />
          </Suspense>
        )}
      </SiteFooter>
      <ScrollToTop />
    </div>
  );
}
