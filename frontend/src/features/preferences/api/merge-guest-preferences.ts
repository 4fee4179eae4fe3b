import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { clearGuestPreferences, mergePreferences, readGuestPreferences } from "../lib/guest-preferences";
import { fetchPreferences, preferencesQueryKey } from "./get-preferences";
import { savePreferences } from "./update-preferences";

/**
 * Right after sign-in: folds what the person saved as a guest into their account, once.
 * The browser copy is removed when the account has it (or the server refused it as invalid);
 * a network failure keeps it for the next sign-in.
 */
export async function mergeGuestPreferences(queryClient: QueryClient): Promise<void> {
  const guest = readGuestPreferences();
  if (!guest) return;
  try {
    const account = await fetchPreferences();
    const saved = await savePreferences(mergePreferences(account, guest));
    clearGuestPreferences();
    queryClient.setQueryData(preferencesQueryKey, saved);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) clearGuestPreferences();
  }
}
