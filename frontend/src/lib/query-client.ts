import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";

/**
 * Query keys are API paths, optionally followed by a params object:
 * `["/api/events"]` or `["/api/events", { sport: "Football" }]`. The default query
 * function GETs that URL and returns the JSON; each endpoint's hook validates it.
 */
const getQueryPath: QueryFunction = async ({ queryKey, signal }) => {
  const [path, params] = queryKey as [string, Record<string, string | undefined>?];
  const response = await apiRequest("GET", withQuery(path, params), { signal });
  return (await response.json()) as unknown;
};

/** Spec section 9: never stale, no refetch on focus or interval, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryPath,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
