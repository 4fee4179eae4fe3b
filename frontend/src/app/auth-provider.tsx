import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { currentUserQueryKey, fetchCurrentUser } from "@/features/auth/api/get-current-user";
import type { User } from "@/lib/user";
import { ApiError } from "@/lib/api-client";
import { hasSessionHint, SESSION_HINT_KEY, setSessionHint } from "@/lib/session-hint";
import { AuthContext, type AuthContextValue, type SignOutReason } from "@/lib/auth";

/** A 401 saying the session is gone (not, say, a wrong password at login). */
function isSessionGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.body?.code === "unauthenticated";
}

/** Personal answers outside /api/user/ (the home page's "Recommended for you"). */
const PERSONAL_PATHS: readonly string[] = ["/api/recommendations"];

/** Queries that belong to the signed-in person and must not outlive their session. */
function forgetPersonalData(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: ({ queryKey: [path] }) =>
      typeof path === "string" && (path.startsWith("/api/user/") || PERSONAL_PATHS.includes(path)),
  });
}

/**
 * Who is signed in. The session is an HttpOnly cookie; at start-up a browser that has
 * signed in before asks GET /api/auth/user, and a dead session (401) quietly becomes
 * "signed out". Everyone else starts signed out without a request.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => (hasSessionHint() ? fetchCurrentUser({ signal }) : null),
    initialData: hasSessionHint() ? undefined : null,
  });
  const user = query.data ?? null;
  const [signOutReason, setSignOutReason] = useState<SignOutReason | null>(null);

  useEffect(() => {
    if (query.data === null) setSessionHint(false);
  }, [query.data]);

  const signedOut = useCallback((reason: SignOutReason = "expired") => {
    setSignOutReason(reason);
    setSessionHint(false);
    queryClient.setQueryData(currentUserQueryKey, null);
    forgetPersonalData(queryClient);
  }, [queryClient]);

  const updateUser = useCallback(
    (next: User) => queryClient.setQueryData(currentUserQueryKey, next),
    [queryClient],
  );

  const signedIn = useCallback(
    (next: User) => {
      forgetPersonalData(queryClient);
      setSessionHint(true);
      queryClient.setQueryData(currentUserQueryKey, next);
      // Loaded only now: most visitors never sign in.
      void import("@/features/preferences/api/merge-guest-preferences").then(({ mergeGuestPreferences }) =>
        mergeGuestPreferences(queryClient),
      );
    },
    [queryClient],
  );

  const refreshUser = useCallback(
    () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    [queryClient],
  );

  // Any call that finds the session gone (expired, revoked elsewhere) signs the page out.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (isSessionGone(error) && queryClient.getQueryData(currentUserQueryKey)) signedOut("expired");
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, signedOut]);

  // Logging in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_HINT_KEY && event.key !== null) return;
      if (hasSessionHint()) void refreshUser();
      else if (queryClient.getQueryData(currentUserQueryKey)) {
        setSignOutReason("chosen");
        queryClient.setQueryData(currentUserQueryKey, null);
        forgetPersonalData(queryClient);
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [queryClient, refreshUser]);

  const status = user ? "signedIn" : query.isPending ? "checking" : "signedOut";
  const value = useMemo<AuthContextValue>(
    () => ({ user, status, signedIn, updateUser, refreshUser, signedOut, signOutReason }),
    [user, status, signedIn, updateUser, refreshUser, signedOut, signOutReason],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
