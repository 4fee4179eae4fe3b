import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

export interface Stat {
  value: string;
  label: string;
  icon: LucideIcon;
}

export function StatCards({ stats, className }: { stats: readonly Stat[]; className?: string }) {
  return (
    <ul className={cn("grid gap-4", className)}>
      {stats.map(({ value, label, icon: Icon }) => (
        <li
          key={label}
          className="flex items-center gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
        >
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary sm:flex">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <p className="flex flex-col">
            <span className="text-2xl font-extrabold tracking-tight sm:text-3xl">{value}</span>
            <span className="text-xs font-semibold text-muted-foreground sm:text-sm">{label}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
