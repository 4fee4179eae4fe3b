import type { UseQueryResult } from "@tanstack/react-query";
import { AlertTriangle, SearchX } from "lucide-react";
import { useCallback, type ReactNode } from "react";
import { useSearchParams } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-client";
import { useHydrated } from "@/lib/use-hydrated";
import { useEvents, type EventQuery } from "../api/get-events";
import { useEventsSummary } from "../api/get-events-summary";
import type { SummaryQuery } from "../api/query-keys";
import {
  filtersFromSearchParams,
  hasFilters,
  withFilter,
  withoutFilters,
  type FilterName,
} from "../lib/event-filters";
import { plural } from "@/lib/format";
import { EventCardSkeletonGrid } from "./event-card-skeleton";
import { EventsFilterBar } from "./events-filter-bar";
import { SportEvents } from "./sport-events";
import { SportGrid } from "./sport-grid";

/**
 * Filters live in the URL query (?sport=&area=&q=&date=&access=) and go to the API as its query
 * parameters. The unfiltered summary supplies the sport and area choices; without a sport
 * chosen, the filtered summary gives one card per sport, and with one, its events are listed.
 */
export function EventsBrowser() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const { sport, ...summaryFilters } = filters;
  const filtered = hasFilters(filters);
  const choices = useEventsSummary();
  // The prerendered page has no events in it: empty choices and placeholders until the app
  // has taken over (the server sends it only for /events without filters).
  const hydrated = useHydrated();
  const choicesData = hydrated ? choices.data : undefined;

  const sports = choicesData?.sports.map((summary) => summary.category) ?? [];
  const areas = choicesData?.areas ?? [];

  const setFilter = useCallback(
    (name: FilterName, value: string | undefined, options?: { replace?: boolean }) => {
      setSearchParams((params) => withFilter(params, name, value), {
        replace: options?.replace ?? false,
      });
    },
    [setSearchParams],
  );
  const clearFilters = () => setSearchParams((params) => withoutFilters(params));
  const shared = { hydrated, filtered, onClearFilters: clearFilters };

  return (
    <div className="space-y-8">
      <EventsFilterBar
        filters={filters}
        searchText={searchParams.get("q") ?? ""}
        sports={sports}
        areas={areas}
        onChange={setFilter}
      />
      {sport ? (
        // A new list per sport: another sport's events would be the wrong ones to keep on
        // screen while this sport's load, unlike those of a changed search, area or date.
        <SportResults key={sport.toLowerCase()} sport={sport} filters={filters} {...shared} />
      ) : (
        <SummaryResults filters={summaryFilters} {...shared} />
      )}
    </div>
  );
}

interface SharedProps {
  hydrated: boolean;
  filtered: boolean;
  onClearFilters: () => void;
}

/** No sport chosen: one card per sport from the filtered summary. */
function SummaryResults({ filters, ...shared }: SharedProps & { filters: SummaryQuery }) {
  const state = useEventsSummary(filters, { keepPrevious: true });
  return (
    <Results state={state} count={(summary) => summary.eventCount} {...shared}>
      {(summary) => <SportGrid sports={summary.sports} />}
    </Results>
  );
}

/** A sport chosen: its events, from GET /api/events with every filter. */
function SportResults({ sport, filters, ...shared }: SharedProps & { sport: string; filters: EventQuery }) {
  const state = useEvents(filters, { keepPrevious: true });
  return (
    <Results state={state} count={(events) => events.length} {...shared}>
      {(events) => <SportEvents sport={sport} events={events} />}
    </Results>
  );
}

interface ResultsProps<T> extends SharedProps {
  state: UseQueryResult<T>;
  /** How many events the answer holds. */
  count: (data: T) => number;
  /** The answer, once it has at least one event. */
  children: (data: T) => ReactNode;
}

function Results<T>(props: ResultsProps<T>) {
  return (
    <div
      aria-busy={props.hydrated && props.state.isFetching}
      className={props.state.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
    >
      <ResultsContent {...props} />
    </div>
  );
}

function ResultsContent<T>({ state, hydrated, filtered, onClearFilters, count, children }: ResultsProps<T>) {
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

  const eventCount = count(state.data);
  return (
    <>
      <p role="status" className="mb-4 text-sm font-semibold text-muted-foreground">
        {filtered
          ? `${plural(eventCount, "event")} match your filters`
          : plural(eventCount, "upcoming event")}
      </p>
      {eventCount === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} title="No events match your filters" actions={clearButton}>
            Try a different search, sport, area, date or access need, or clear the filters to see
            everything.
          </EmptyState>
        ) : (
          <EmptyState icon={SearchX} title="No upcoming events yet">
            New sessions are added every week. Please check back soon.
          </EmptyState>
        )
      ) : (
        children(state.data)
      )}
    </>
  );
}
