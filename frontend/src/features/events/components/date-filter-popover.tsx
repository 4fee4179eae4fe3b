import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { londonDayKey, type DayKey } from "@/lib/day";

interface DateFilterPopoverProps {
  /** DateFilter's button. */
  trigger: ReactNode;
  value: DayKey | undefined;
  onChange: (day: DayKey | undefined) => void;
  defaultOpen: boolean;
}

/** The calendar behind DateFilter's button, loaded when the visitor reaches for it. */
export default function DateFilterPopover({ trigger, value, onChange, defaultOpen }: DateFilterPopoverProps) {
  const [open, setOpen] = useState(defaultOpen);
  const today = londonDayKey(new Date());
  const choose = (day: DayKey | undefined) => {
    onChange(day);
    setOpen(false);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
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
