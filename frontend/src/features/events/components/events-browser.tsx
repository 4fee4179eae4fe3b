import { AlertTriangle, SearchX } from "lucide-react";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-client";
import { useHydrated } from "@/lib/use-hydrated";
import { useEvents } from "../api/get-events";
import {
  filtersFromSearchParams,
  hasFilters,
  withFilter,
  withoutFilters,
  type FilterName,
} from "../lib/event-filters";
import { distinctSorted, plural } from "../lib/group-events";
import { EventCardSkeletonGrid } from "./event-card-skeleton";
import { EventsFilterBar } from "./events-filter-bar";
import { SportEvents } from "./sport-events";
import { SportGrid } from "./sport-grid";

/**
 * Filters live in the URL query (?sport=&area=&q=&date=) and go to the API as its query
 * parameters; the unfiltered list supplies the sport and area choices.
 */
export function EventsBrowser() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const filtered = hasFilters(filters);
  const allEvents = useEvents();
  const results = useEvents(filters, { keepPrevious: true });
  // The prerendered page has no events in it: empty choices and placeholders until the app
  // has taken over (the server sends it only for /events without filters).
  const hydrated = useHydrated();
  const allData = hydrated ? allEvents.data : undefined;

  const sports = useMemo(
    () => distinctSorted((allData ?? []).map((event) => event.category)),
    [allData],
  );
  const areas = useMemo(
    () => distinctSorted((allData ?? []).map((event) => event.area)),
    [allData],
  );

  const setFilter = useCallback(
    (name: FilterName, value: string | undefined, options?: { replace?: boolean }) => {
      setSearchParams((params) => withFilter(params, name, value), {
        replace: options?.replace ?? false,
      });
    },
    [setSearchParams],
  );
  const clearFilters = () => setSearchParams((params) => withoutFilters(params));

  return (
    <div className="space-y-8">
      <EventsFilterBar
        filters={filters}
        searchText={searchParams.get("q") ?? ""}
        sports={sports}
        areas={areas}
        onChange={setFilter}
      />
      <div
        aria-busy={hydrated && results.isFetching}
        className={results.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
      >
        <EventsResults
          state={results}
          hydrated={hydrated}
          sport={filters.sport}
          filtered={filtered}
          onClearFilters={clearFilters}
        />
      </div>
    </div>
  );
}

interface EventsResultsProps {
  state: ReturnType<typeof useEvents>;
  hydrated: boolean;
  sport: string | undefined;
  filtered: boolean;
  onClearFilters: () => void;
}

function EventsResults({ state, hydrated, sport, filtered, onClearFilters }: EventsResultsProps) {
  if (!hydrated || state.isPending) return <EventCardSkeletonGrid count={6} />;

  const clearButton = (
    <Button variant="outline" onClick={onClearFilters}>
      Clear filters
    </Button>
  );

  if (state.isError) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title="We couldn't load events"
        actions={
          <>
            <Button onClick={() => void state.refetch()}>Try again</Button>
            {filtered && clearButton}
          </>
        }
      >
        {errorMessage(state.error, "Please check your connection and try again.")}
      </EmptyState>
    );
  }

  const events = state.data;
  return (
    <>
      <p role="status" className="mb-4 text-sm font-semibold text-muted-foreground">
        {filtered
          ? `${plural(events.length, "event")} match your filters`
          : plural(events.length, "upcoming event")}
      </p>
      {events.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} title="No events match your filters" actions={clearButton}>
            Try a different search, sport, area or date, or clear the filters to see everything.
          </EmptyState>
        ) : (
          <EmptyState icon={SearchX} title="No upcoming events yet">
            New sessions are added every week. Please check back soon.
          </EmptyState>
        )
      ) : sport ? (
        <SportEvents sport={sport} events={events} />
      ) : (
        <SportGrid events={events} />
      )}
    </>
  );
}
