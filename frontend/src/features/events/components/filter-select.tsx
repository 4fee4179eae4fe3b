import { ChevronDown } from "lucide-react";
import { lazy, Suspense } from "react";
import { selectTriggerClass } from "@/components/ui/select-trigger-class";
import { useDemand } from "@/lib/use-demand";
import { ALL } from "../lib/event-filters";

// Radix's select (and the pop-up positioning behind it) loads when the visitor reaches for
// one of the filters: until then a look-alike button stands in for it.
const FilterSelectMenu = lazy(() => import("./filter-select-menu"));

export interface FilterSelectProps {
  id: string;
  /** The chosen value, or ALL. */
  value: string;
  /** What ALL reads as: "All Sports". */
  allLabel: string;
  options: readonly string[];
  onValueChange: (value: string) => void;
}

/** One of the events list's filters: a select of `options` plus "all". */
export function FilterSelect(props: FilterSelectProps) {
  // The keys that open Radix's select from its button.
  const { demand, triggerProps } = useDemand([" ", "Enter", "ArrowDown", "ArrowUp"]);
  const standIn = (
    <button
      type="button"
      role="combobox"
      id={props.id}
      aria-expanded={false}
      aria-autocomplete="none"
      className={selectTriggerClass}
      {...triggerProps}
    >
      <span style={{ pointerEvents: "none" }}>{props.value === ALL ? props.allLabel : props.value}</span>
      <ChevronDown className="size-4 shrink-0 opacity-70" aria-hidden="true" />
    </button>
  );
  if (demand === "idle") return standIn;
  return (
    <Suspense fallback={standIn}>
      <FilterSelectMenu {...props} defaultOpen={demand === "open"} />
    </Suspense>
  );
}
