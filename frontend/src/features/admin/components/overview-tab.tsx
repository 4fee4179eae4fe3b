import { Activity, CalendarDays, PoundSterling, Ticket, Users, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { AuditLog } from "../api/audit-log-schema";
import { actionLabel } from "../api/audit-log-schema";
import { useDashboardStats, type DashboardStats } from "../api/get-dashboard-stats";
import {
  bookingsPerWeekRows,
  fillRateRows,
  newMembersRows,
  paymentMethodRows,
  turnUpRows,
} from "../lib/chart-data";
import { formatDateTime, formatMoney } from "../lib/format";
import { ChartFigure } from "./chart-figure";
import { EmptyList, LoadError } from "./list-states";

interface StatCardProps {
  icon: LucideIcon;
  title: string;
  main: { label: string; value: string };
  details: { label: string; value: string }[];
}

function StatCard({ icon: Icon, title, main, details }: StatCardProps) {
  const id = useId();
  return (
    <Card className="p-5" role="group" aria-labelledby={id}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="font-bold">
          {title}
        </h3>
        <Icon className="size-5 text-primary" aria-hidden="true" />
      </div>
      <dl className="mt-3">
        <div>
          <dt className="sr-only">{main.label}</dt>
          <dd className="text-3xl font-extrabold tabular-nums">{main.value}</dd>
        </div>
        {details.map((detail) => (
          <div key={detail.label} className="mt-1 flex justify-between gap-2 text-sm text-muted-foreground">
            <dt>{detail.label}</dt>
            <dd className="font-semibold text-foreground tabular-nums">{detail.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function StatCards({ stats }: { stats: DashboardStats }) {
  const n = (value: number) => value.toLocaleString("en-GB");
  return (
    <section aria-labelledby="overview-figures" className="space-y-3">
      <h2 id="overview-figures" className="sr-only">
        Figures
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          icon={Users}
          title="Users"
          main={{ label: "Total users", value: n(stats.users.total) }}
          details={[
            { label: "New this month", value: n(stats.users.newThisMonth) },
            { label: "Verified", value: n(stats.users.verified) },
          ]}
        />
        <StatCard
          icon={CalendarDays}
          title="Events"
          main={{ label: "Active events", value: n(stats.events.active) }}
          details={[
            { label: "Upcoming this week", value: n(stats.events.upcomingWeek) },
            { label: "Total", value: n(stats.events.total) },
          ]}
        />
        <StatCard
          icon={Ticket}
          title="Bookings"
          main={{ label: "Total bookings", value: n(stats.bookings.total) }}
          details={[
            { label: "Pending", value: n(stats.bookings.pending) },
            { label: "Paid", value: n(stats.bookings.paid) },
            { label: "Solidarity places this month", value: n(stats.solidarity.placesUsedThisMonth) },
          ]}
        />
        <StatCard
          icon={PoundSterling}
          title="Revenue"
          main={{ label: "Total revenue", value: formatMoney(stats.revenue.total) }}
          details={[
            { label: "This month", value: formatMoney(stats.revenue.thisMonth) },
            { label: "Bookings", value: formatMoney(stats.revenue.bookings.total) },
            { label: "Memberships", value: formatMoney(stats.revenue.memberships.total) },
          ]}
        />
      </div>
    </section>
  );
}

function RecentActivity({ activity }: { activity: AuditLog[] }) {
  return (
    <section aria-labelledby="overview-activity">
      <h2 id="overview-activity" className="mb-3 text-xl font-bold">
        Recent activity
      </h2>
      {activity.length === 0 ? (
        <EmptyList icon={Activity} title="No activity yet" />
      ) : (
        <Card>
          <ul className="divide-y">
            {activity.slice(0, 5).map((log) => (
              <li key={log.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <span>
                  <span className="font-semibold">{log.userName ?? log.userId ?? "System"}</span>{" "}
                  <span className="text-muted-foreground">·</span> {actionLabel(log.action)}
                  {log.resourceType && (
                    <span className="text-muted-foreground">
                      {" "}
                      ({log.resourceType}
                      {log.resourceId ? ` ${log.resourceId}` : ""})
                    </span>
                  )}
                </span>
                <time dateTime={log.createdAt} className="text-sm text-muted-foreground">
                  {formatDateTime(log.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function Charts({ stats }: { stats: DashboardStats }) {
  const { charts } = stats;
  return (
    <section aria-labelledby="overview-charts" className="space-y-3">
      <h2 id="overview-charts" className="text-xl font-bold">
        Trends
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFigure
          kind="bar"
          title="Bookings per week"
          description="Bookings made in each of the last 12 weeks (weeks start on Monday)."
          rows={bookingsPerWeekRows(charts)}
          labelHeader="Week starting"
          valueHeader="Bookings"
        />
        <ChartFigure
          kind="line"
          title="New members per month"
          description="People who joined in each of the last 12 months."
          rows={newMembersRows(charts)}
          labelHeader="Month"
          valueHeader="New members"
        />
        <ChartFigure
          kind="horizontalBar"
          percent
          title="Fill rate by sport"
          description="Places taken as a share of places offered."
          rows={fillRateRows(charts)}
          labelHeader="Sport"
          valueHeader="Fill rate"
        />
        <ChartFigure
          kind="horizontalBar"
          percent
          title="Turn-up rate by sport"
          description="People who came, of those marked attended or no-show."
          rows={turnUpRows(charts)}
          labelHeader="Sport"
          valueHeader="Turn-up rate"
        />
        <ChartFigure
          kind="bar"
          title="Cash and card bookings"
          description="How people chose to pay; each bar is labelled."
          rows={paymentMethodRows(charts)}
          colors={["var(--primary)", "var(--accent)"]}
          labelHeader="Payment method"
          valueHeader="Bookings"
        />
      </div>
    </section>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading the overview…</span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-36 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}

export function OverviewTab() {
  const stats = useDashboardStats();
  if (stats.isPending) return <OverviewSkeleton />;
  if (stats.isError) {
    return <LoadError title="Could not load the overview" error={stats.error} onRetry={() => void stats.refetch()} />;
  }
  return (
    <div className="space-y-8">
      <StatCards stats={stats.data} />
      <RecentActivity activity={stats.data.recentActivity} />
      <Charts stats={stats.data} />
    </div>
  );
}
