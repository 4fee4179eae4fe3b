import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { auditLogSchema, fillAuditLog } from "./audit-log-schema";
import { isoDay, money } from "./schema";

const count = () => z.int();
const amounts = () => z.object({ total: money(), thisMonth: money() });

const dashboardStatsSchema = z.object({
  users: z.object({ total: count(), newThisMonth: count(), verified: count() }),
  events: z.object({ active: count(), upcomingWeek: count(), total: count() }),
  bookings: z.object({ total: count(), pending: count(), paid: count() }),
  /** The spec's total and this month's are bookings and memberships together. */
  revenue: z.object({ total: money(), thisMonth: money(), bookings: amounts(), memberships: amounts() }),
  /** Solidarity places held by live bookings of sessions this London month. */
  solidarity: z.object({ placesUsedThisMonth: count() }),
  recentActivity: z.array(auditLogSchema),
  charts: z.object({
    bookingsPerWeek: z.array(z.object({ weekStart: isoDay(), bookings: count() })),
    fillRateBySport: z.array(z.object({ sport: z.string(), places: count(), taken: count() })),
    newMembersPerMonth: z.array(z.object({ month: isoDay(), members: count() })),
    paymentMethods: z.object({ cash: count(), card: count(), solidarity: count() }),
    turnUpBySport: z.array(z.object({ sport: z.string(), attended: count(), noShow: count() })),
  }),
});

export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export type DashboardCharts = DashboardStats["charts"];

export function parseDashboardStats(data: unknown): DashboardStats {
  const activity = (data as { recentActivity?: unknown } | null)?.recentActivity;
  if (!Array.isArray(activity)) return dashboardStatsSchema.parse(data);
  return dashboardStatsSchema.parse({ ...(data as object), recentActivity: activity.map(fillAuditLog) });
}

export const dashboardStatsQueryKey = ["/api/admin/dashboard-stats"] as const;

/** GET /api/admin/dashboard-stats: the Overview's counts, 5 recent activities and chart data. */
export async function fetchDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  const response = await apiRequest("GET", dashboardStatsQueryKey[0], signal ? { signal } : {});
  return parseDashboardStats(await response.json());
}

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardStatsQueryKey,
    queryFn: ({ signal }) => fetchDashboardStats(signal),
    // Figures move with every booking: fresh each time the Overview opens.
    staleTime: 0,
  });
}
