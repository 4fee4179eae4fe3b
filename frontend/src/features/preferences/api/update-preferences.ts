import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { apiRequest, responseField } from "@/lib/api-client";
import { saveGuestPreferences } from "../lib/guest-preferences";
import { preferencesQueryKey } from "./get-preferences";
import { normalizePreferences, type Preferences } from "./preferences-schema";

export const PREFERENCES_SAVED = "Preferences updated successfully!";
export const PREFERENCES_FAILED = "Failed to update preferences. Please try again.";

/** PUT /api/user/preferences {preferences} → {preferences}; 400 fieldErrors by dotted path. */
export async function savePreferences(preferences: Preferences): Promise<Preferences> {
  const response = await apiRequest("PUT", "/api/user/preferences", { body: { preferences } });
  return normalizePreferences(responseField(await response.json(), "preferences"));
}

/** Saves to the account when signed in, otherwise to this browser. */
export function useSavePreferences() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: Preferences) => {
      if (user) return savePreferences(preferences);
      saveGuestPreferences(preferences);
      return preferences;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(user ? preferencesQueryKey : ["guest-preferences"], saved);
      toast.success(PREFERENCES_SAVED);
    },
    onError: () => toast.error(PREFERENCES_FAILED),
  });
}
