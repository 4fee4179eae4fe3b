import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface TableRegionProps {
  /** The table's caption, also the scrolling region's name. */
  caption: ReactNode;
  /** Show the caption only to screen readers (a heading above already says it). */
  hideCaption?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A table that scrolls sideways inside a named, focusable region on narrow screens (arrow
 * keys scroll it once focused), with the caption the region is named after.
 */
export function TableRegion({ caption, hideCaption = false, children, className }: TableRegionProps) {
  const id = useId();
  return (
    <div
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      // relative: the hidden native selects of Radix Select stay inside the scrolling box.
      className={cn("relative overflow-x-auto rounded-xl border bg-card focus-visible:outline-2", className)}
    >
      <table className="w-full min-w-3xl border-collapse text-left text-sm">
        <caption id={id} className={hideCaption ? "sr-only" : "px-4 pt-3 text-left text-sm font-semibold text-muted-foreground"}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export const thClass = "border-b px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase";
export const tdClass = "border-b px-3 py-2 align-middle";
