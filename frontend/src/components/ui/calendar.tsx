import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import {
  addDays,
  addMonths,
  dayKeyToUtcDate,
  dayOfWeek,
  isSameMonth,
  monthWeeks,
  startOfMonth,
  type DayKey,
} from "@/lib/day";
import { formatDayKey } from "@/lib/format";

const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

const monthTitle = new Intl.DateTimeFormat("en-GB", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

interface CalendarProps {
  selected: DayKey | undefined;
  onSelect: (day: DayKey) => void;
  /** Today, used for highlighting; days before `minDay` cannot be chosen. */
  today: DayKey;
  minDay?: DayKey;
}

/**
 * A month grid with the week starting on Sunday. One day is in the tab order; arrow keys
 * move by day or week, Home/End to the week's ends, Page Up/Down by month.
 */
export function Calendar({ selected, onSelect, today, minDay }: CalendarProps) {
  const [focusedDay, setFocusedDay] = useState<DayKey>(() => {
    const initial = selected ?? today;
    return minDay !== undefined && initial < minDay ? minDay : initial;
  });
  const moveFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const isDisabled = (day: DayKey) => minDay !== undefined && day < minDay;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusedDay}"]`)?.focus();
  }, [focusedDay]);

  const goTo = (day: DayKey, focus: boolean) => {
    const target = minDay !== undefined && day < minDay ? minDay : day;
    moveFocus.current = focus;
    setFocusedDay(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => DayKey> = {
      ArrowLeft: () => addDays(focusedDay, -1),
      ArrowRight: () => addDays(focusedDay, 1),
      ArrowUp: () => addDays(focusedDay, -7),
      ArrowDown: () => addDays(focusedDay, 7),
      Home: () => addDays(focusedDay, -dayOfWeek(focusedDay)),
      End: () => addDays(focusedDay, 6 - dayOfWeek(focusedDay)),
      PageUp: () => addMonths(focusedDay, -1),
      PageDown: () => addMonths(focusedDay, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    goTo(move(), true);
  };

  const month = startOfMonth(focusedDay);
  const canGoBack = minDay === undefined || startOfMonth(minDay) < month;

  return (
    <div className="w-fit">
      <div className="flex items-center justify-between gap-2 pb-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => goTo(addMonths(focusedDay, -1), false)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p className="text-sm font-bold" aria-live="polite">
          {monthTitle.format(dayKeyToUtcDate(month))}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          onClick={() => goTo(addMonths(focusedDay, 1), false)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table ref={grid} className="border-collapse" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={short}
                scope="col"
                abbr={long}
                className="size-10 text-xs font-semibold text-muted-foreground"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean) ?? ""}>
              {week.map((day, index) =>
                day === null ? (
                  <td key={`empty-${index}`} />
                ) : (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focusedDay && isSameMonth(day, month) ? 0 : -1}
                      disabled={isDisabled(day)}
                      aria-label={formatDayKey(day)}
                      aria-pressed={day === selected}
                      aria-current={day === today ? "date" : undefined}
                      onClick={() => onSelect(day)}
                      onFocus={() => setFocusedDay(day)}
                      className={cn(
                        "size-9 rounded-lg text-sm tabular-nums disabled:pointer-events-none disabled:opacity-50",
                        day === selected
                          ? "bg-primary font-bold text-primary-foreground hover:bg-primary/90"
                          : day === today
                            ? "font-extrabold text-primary underline underline-offset-4 hover:bg-muted"
                            : "hover:bg-muted",
                      )}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
