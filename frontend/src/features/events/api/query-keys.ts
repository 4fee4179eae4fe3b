/**
 * The events queries' keys, apart from their hooks so the app's entry can seed the server's
 * inlined data (src/app/initial-data.ts) without loading the query code up front.
 */

/** The API's optional filters for GET /api/events. */
export interface EventQuery {
  sport?: string | undefined;
  area?: string | undefined;
  q?: string | undefined;
  /** A Europe/London day, YYYY-MM-DD. */
  date?: string | undefined;
}

/** ["/api/events"] when unfiltered, so the server-inlined first page seeds exactly this key. */
export function eventsQueryKey(query: EventQuery = {}) {
  const params = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return Object.keys(params).length === 0
    ? (["/api/events"] as const)
    : (["/api/events", params] as const);
}

/** ["/api/events/{id}"]: the server-inlined event of an event page seeds exactly this key. */
export function eventQueryKey(id: string) {
  return [`/api/events/${encodeURIComponent(id)}`] as const;
}
