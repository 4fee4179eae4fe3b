import { useQuery } from "@tanstack/react-query";
import { apiRequest, responseField } from "@/lib/api-client";
import { PREFERENCES_STALE_MS, preferencesQueryKey } from "@/lib/preferences-query";
import { readGuestPreferences } from "../lib/guest-preferences";
import { defaultPreferences, normalizePreferences, type Preferences } from "./preferences-schema";

export { preferencesQueryKey };

/** GET /api/user/preferences → {preferences}. */
export async function fetchPreferences({ signal }: { signal?: AbortSignal } = {}): Promise<Preferences> {
  const response = await apiRequest("GET", "/api/user/preferences", signal ? { signal } : {});
  return normalizePreferences(responseField(await response.json(), "preferences"));
}

/** A member's preferences from the server; a guest's from this browser (or the defaults). */
export function usePreferences(signedIn: boolean) {
  return useQuery({
    queryKey: signedIn ? preferencesQueryKey : ["guest-preferences"],
    queryFn: signedIn ? fetchPreferences : () => readGuestPreferences() ?? defaultPreferences(),
    staleTime: signedIn ? PREFERENCES_STALE_MS : 0,
  });
}
