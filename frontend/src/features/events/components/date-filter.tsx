import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { londonDayKey, type DayKey } from "@/lib/day";
import { formatDayKey } from "@/lib/format";

interface DateFilterProps {
  id: string;
  /** The visible label's id; the button is named by it and its own text. */
  labelId: string;
  value: DayKey | undefined;
  onChange: (day: DayKey | undefined) => void;
}

/** "Pick a date" button opening a calendar (week starts on Sunday) with "Clear Date". */
export function DateFilter({ id, labelId, value, onChange }: DateFilterProps) {
  const [open, setOpen] = useState(false);
  const today = londonDayKey(new Date());
  const choose = (day: DayKey | undefined) => {
    onChange(day);
    setOpen(false);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          id={id}
          aria-labelledby={`${labelId} ${id}`}
          className="flex h-10 w-full items-center gap-2 rounded-lg border border-input bg-card px-3 text-left text-sm hover:bg-muted"
        >
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {value ? formatDayKey(value) : <span className="text-muted-foreground">Pick a date</span>}
        </button>
      </PopoverTrigger>
      <PopoverContent aria-label="Choose a date">
        <Calendar selected={value} onSelect={choose} today={today} minDay={today} />
        <Button
          variant="outline"
          size="sm"
          className="mt-2 w-full"
          disabled={!value}
          onClick={() => choose(undefined)}
        >
          Clear Date
        </Button>
      </PopoverContent>
    </Popover>
  );
}
