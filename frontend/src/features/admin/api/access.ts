import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { ApiError, apiRequest } from "@/lib/api-client";
import { fillAbsent, oneOf } from "./schema";

/** The spec's words for someone whose role does not allow the dashboard. */
export const ACCESS_DENIED = "Access Denied";
export const NO_PERMISSION = "You don't have permission to access the admin dashboard.";

export const ADMIN_ROLES = ["admin", "moderator"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Whether a signed-in person's role may open the admin area at all. */
export function isAdminRole(role: string): role is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(role);
}

/** An admin call refused because the step-up admin session is missing or over. */
export function isAdminSessionRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.body?.code === "admin_session_required";
}

/** An admin call refused for the person's role (403 forbidden). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

const accessSchema = z.object({ authenticated: z.boolean(), role: z.nullable(oneOf(ADMIN_ROLES)) });
export type AdminAccess = z.infer<typeof accessSchema>;

export function parseAdminAccess(data: unknown): AdminAccess {
  return accessSchema.parse(fillAbsent(data, ["role"]));
}

export const checkAuthPath = "/api/admin/check-auth";

/** Keyed by person: one person's admin session never shows as another's in this tab. */
export function checkAuthQueryKey(userId: string | undefined) {
  return [checkAuthPath, userId] as const;
}

/** GET /api/admin/check-auth → {authenticated, role?}: whether this sign-in has an admin session. */
export async function fetchAdminAccess(signal?: AbortSignal): Promise<AdminAccess> {
  const response = await apiRequest("GET", checkAuthPath, signal ? { signal } : {});
  return parseAdminAccess(await response.json());
}

export function useAdminAccess({ enabled }: { enabled: boolean }) {
  const { user } = useAuth();
  return useQuery({
    queryKey: checkAuthQueryKey(user?.id),
    queryFn: ({ signal }) => fetchAdminAccess(signal),
    enabled: enabled && user !== null,
    // An admin session ends after 30 idle minutes: ask again each time the area opens.
    staleTime: 0,
  });
}

/**
 * POST /api/admin/login {password} → {authenticated: true, role}; 400 fieldErrors.password
 * 'Password Required'; 401 invalid_admin_password; 403 for members; 429 with Retry-After.
 */
export async function adminLogin(password: string): Promise<AdminAccess> {
  const response = await apiRequest("POST", "/api/admin/login", { body: { password } });
  return parseAdminAccess(await response.json());
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (access) => queryClient.setQueryData(checkAuthQueryKey(user?.id), access),
  });
}

/** POST /api/admin/logout → 204: ends the admin session and keeps the sign-in. */
export async function adminLogout(): Promise<void> {
  await apiRequest("POST", "/api/admin/logout");
}

/** Forgets every admin answer (each starts with /api/admin) except the access check. */
export function forgetAdminData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === "string" &&
      query.queryKey[0].startsWith("/api/admin/") &&
      query.queryKey[0] !== checkAuthPath,
  });
}

export function useAdminLogout() {
  return useMutation({ mutationFn: adminLogout });
}

/**
 * After leaving the admin area: every admin answer is forgotten, the access check too (the
 * next visit asks the server again). Nothing is set to "signed out of admin" here: the
 * dashboard still on screen would send the person to /admin/login instead of where they go.
 */
export function afterAdminLogout(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith("/api/admin/"),
  });
}
