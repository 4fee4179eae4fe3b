import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ALL } from "../lib/event-filters";
import type { FilterSelectProps } from "./filter-select";

/** The real select behind FilterSelect, loaded when the visitor reaches for it. */
export default function FilterSelectMenu({
  id,
  value,
  allLabel,
  options,
  onValueChange,
  defaultOpen,
}: FilterSelectProps & { defaultOpen: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option} value={option}>
            {option}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
