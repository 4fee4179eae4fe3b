/**
 * The signed-in person's preferences query, shared by the preferences feature and the app's
 * calendar-preferences provider, which must not pull that feature's code into every page.
 */
export const preferencesQueryKey = ["/api/user/preferences"] as const;

/** Spec section 9: preferences are cached for 5 minutes. */
export const PREFERENCES_STALE_MS = 5 * 60_000;
