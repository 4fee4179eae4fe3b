/**
 * The events queries' keys, apart from their hooks so the app's entry can seed the server's
 * inlined data (src/features/events/api/initial-data.ts) without loading the query code up front.
 */

/** The API's optional filters for GET /api/events. */
export interface EventQuery {
  sport?: string | undefined;
  area?: string | undefined;
  q?: string | undefined;
  /** A Europe/London day, YYYY-MM-DD. */
  date?: string | undefined;
  /** Access fact keys, comma-separated: only sessions whose venue says yes to each. */
  access?: string | undefined;
}

/** GET /api/events: the filters, and at most `limit` (1 to 100) of the soonest events. */
export interface EventsQuery extends EventQuery {
  limit?: number | undefined;
}

/** GET /api/events/summary's filters: those of GET /api/events but the sport. */
export type SummaryQuery = Omit<EventQuery, "sport">;

/** How many events the home page shows: the server inlines exactly GET /api/events?limit=3. */
export const HOME_EVENT_COUNT = 3;

/**
 * [path] when no param is set, else [path, params] with the set ones only, so a key made
 * here is the same whether a filter is blank or absent.
 */
function apiKey<Path extends string>(path: Path, params: Record<string, string | undefined>) {
  const set = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return Object.keys(set).length === 0 ? ([path] as const) : ([path, set] as const);
}

/** ["/api/events", {limit: "3"}] for the home page's events, which the server inlines. */
export function eventsQueryKey({ limit, ...filters }: EventsQuery = {}) {
  return apiKey("/api/events", { ...filters, limit: limit?.toString() });
}

/** ["/api/events/summary"] when unfiltered: the events page's inlined summary seeds it. */
export function eventsSummaryQueryKey(query: SummaryQuery = {}) {
  return apiKey("/api/events/summary", query);
}

/** ["/api/events/{id}"]: the server-inlined event of an event page seeds exactly this key. */
export function eventQueryKey(id: string) {
  return [`/api/events/${encodeURIComponent(id)}`] as const;
}
