import { CalendarDays } from "lucide-react";
import { lazy, Suspense } from "react";
import type { DayKey } from "@/lib/day";
import { formatDayKey } from "@/lib/format";
import { useDemand } from "@/lib/use-demand";

// The calendar and its pop-over load when the visitor reaches for the button.
const DateFilterPopover = lazy(() => import("./date-filter-popover"));

interface DateFilterProps {
  id: string;
  /** The visible label's id; the button is named by it and its own text. */
  labelId: string;
  value: DayKey | undefined;
  onChange: (day: DayKey | undefined) => void;
}

/** "Pick a date" button opening a calendar (week starts on Sunday) with "Clear Date". */
export function DateFilter({ id, labelId, value, onChange }: DateFilterProps) {
  const { demand, triggerProps } = useDemand();
  const button = (props: object) => (
    <button
      type="button"
      id={id}
      aria-labelledby={`${labelId} ${id}`}
      className="flex h-10 w-full items-center gap-2 rounded-lg border border-input bg-card px-3 text-start text-sm hover:bg-muted"
      {...props}
    >
      <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {value ? formatDayKey(value) : <span className="text-muted-foreground">Pick a date</span>}
    </button>
  );
  const standIn = button(triggerProps);
  if (demand === "idle") return standIn;
  return (
    <Suspense fallback={standIn}>
      <DateFilterPopover trigger={button({})} value={value} onChange={onChange} defaultOpen={demand === "open"} />
    </Suspense>
  );
}
