import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

interface Props {
  /** Read out while it shows ("Checking the waitlist…"). */
  label: string;
  /** The bars under the heading, sized like what loads so nothing jumps when it arrives. */
  bars: readonly string[];
}

/** The booking panel while it finds out what to show: a heading's bar, then `bars`. */
export function PanelSkeleton({ label, bars }: Props) {
  return (
    <div className="space-y-3 pt-4" role="status">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-7 w-2/3 rounded-lg" />
      {bars.map((bar, index) => (
        <Skeleton key={index} className={cn("w-full", bar)} />
      ))}
    </div>
  );
}
