import { Trans, useLingui } from "@lingui/react/macro";
import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { DayKey } from "@/lib/day";
import type { EventQuery } from "../api/get-events";
import { accessKeys, ALL, type FilterName } from "../lib/event-filters";
import { AccessFilter } from "./access-filter";
import { DateFilter } from "./date-filter";
import { FilterSelect } from "./filter-select";

const SEARCH_DELAY_MS = 300;

interface EventsFilterBarProps {
  filters: EventQuery;
  /** The search text exactly as it is in the URL, so typing is never overwritten. */
  searchText: string;
  sports: readonly string[];
  areas: readonly string[];
  onChange: (name: FilterName, value: string | undefined, options?: { replace?: boolean }) => void;
}

export function EventsFilterBar({ filters, searchText, sports, areas, onChange }: EventsFilterBarProps) {
  const id = useId();
  const { t } = useLingui();
  const [text, setText] = useState(searchText);
  const [urlText, setUrlText] = useState(searchText);
  // Follow the URL when it changes from outside (clear filters, back button).
  if (searchText !== urlText) {
    setUrlText(searchText);
    setText(searchText);
  }

  useEffect(() => {
    if (text === searchText) return;
    const timer = setTimeout(() => {
      onChange("q", text.trim() ? text : undefined, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, searchText, onChange]);

  // Keep a chosen value that the option lists do not (yet) contain selectable.
  const sportOptions = filters.sport && !sports.includes(filters.sport) ? [filters.sport, ...sports] : sports;
  const areaOptions = filters.area && !areas.includes(filters.area) ? [filters.area, ...areas] : areas;

  return (
    <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-[2fr_1fr_1fr_1.3fr]">
        <form
          role="search"
          className="col-span-2 space-y-1.5 lg:col-span-1"
          onSubmit={(event) => {
            event.preventDefault();
            onChange("q", text.trim() ? text : undefined, { replace: true });
          }}
        >
          <Label htmlFor={`${id}-search`}>
            <Trans>Search</Trans>
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-search`}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t`Search events, locations, or descriptions...`}
              className="ps-9"
            />
          </div>
        </form>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-sport`}>
            <Trans>Sport</Trans>
          </Label>
          {/* Its own box: Radix adds a hidden native select beside the button only in the
              server's HTML, which must not change the spacing above the next row. */}
          <div>
            <FilterSelect
              id={`${id}-sport`}
              value={filters.sport ?? ALL}
              allLabel={t`All Sports`}
              options={sportOptions}
              onValueChange={(value) => onChange("sport", value)}
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-area`}>
            <Trans>Area</Trans>
          </Label>
          {/* Its own box: Radix adds a hidden native select beside the button only in the
              server's HTML, which must not change the spacing above the next row. */}
          <div>
            <FilterSelect
              id={`${id}-area`}
              value={filters.area ?? ALL}
              allLabel={t`All Areas`}
              options={areaOptions}
              onValueChange={(value) => onChange("area", value)}
            />
          </div>
        </div>
        <div className="col-span-2 space-y-1.5 lg:col-span-1">
          <Label id={`${id}-date-label`} htmlFor={`${id}-date`}>
            <Trans>Date</Trans>
          </Label>
          <DateFilter
            id={`${id}-date`}
            labelId={`${id}-date-label`}
            value={filters.date}
            onChange={(day: DayKey | undefined) => onChange("date", day)}
          />
        </div>
      </div>
      <AccessFilter
        chosen={accessKeys(filters.access)}
        onChange={(chosen) => onChange("access", chosen.length > 0 ? chosen.join(",") : undefined)}
      />
      {filters.sport && (
        <Button variant="outline" size="sm" className="mt-4" onClick={() => onChange("sport", undefined)}>
          <X aria-hidden="true" /> <Trans>Clear Sport Filter</Trans>
        </Button>
      )}
    </div>
  );
}
