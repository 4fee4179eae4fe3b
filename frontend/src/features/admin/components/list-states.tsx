import { AlertTriangle, RotateCcw, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { TRY_AGAIN } from "../lib/messages";

/** Placeholder rows while a list loads; announced once as `label`. */
export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** A failed load with the server's words and a Retry button. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert">
      <EmptyState
        icon={AlertTriangle}
        title={title}
        actions={
          <Button variant="outline" onClick={onRetry}>
            <RotateCcw aria-hidden="true" /> Retry
          </Button>
        }
      >
        {errorMessage(error, TRY_AGAIN)}
      </EmptyState>
    </div>
  );
}

export function EmptyList({ icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <EmptyState icon={icon} title={title}>
      {children}
    </EmptyState>
  );
}
