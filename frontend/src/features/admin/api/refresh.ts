import type { QueryClient } from "@tanstack/react-query";

/**
 * After a session changed: every admin list that shows sessions or their bookings, the
 * Overview's figures, and the public event pages (their keys start with /api/events).
 */
export function refreshAfterEventChange(queryClient: QueryClient): void {
  for (const path of [
    "/api/admin/events",
    "/api/admin/registers",
    "/api/admin/bookings",
    "/api/admin/dashboard-stats",
    "/api/events",
  ]) {
    void queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(path),
    });
  }
}
