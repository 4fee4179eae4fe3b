import { useQuery } from "@tanstack/react-query";
import { eventsSummarySchema, type EventsSummary } from "./events-summary-schema";
import { eventsSummaryQueryKey, type SummaryQuery } from "./query-keys";

function parseSummary(data: unknown): EventsSummary {
  return eventsSummarySchema.parse(data);
}

/**
 * How many upcoming events match the filters, per sport (with its areas) and in all. With
 * `keepPrevious`, the last summary stays on screen while a changed filter loads.
 */
export function useEventsSummary(query: SummaryQuery = {}, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: eventsSummaryQueryKey(query),
    select: parseSummary,
    placeholderData: keepPrevious ? (previous) => previous : undefined,
  });
}
