import { useQueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "@/lib/router";
import { useAuth } from "@/lib/auth";
import { RequireAuth } from "@/components/require-auth";
import {
  checkAuthQueryKey,
  forgetAdminData,
  isAdminRole,
  isAdminSessionRequired,
  isForbidden,
  useAdminAccess,
  type AdminAccess,
  type AdminRole,
} from "../api/access";
import { AccessDenied, VerifyingAccess } from "./access-screens";
import { LoadError } from "./list-states";

/**
 * While mounted: any admin call answered 401 admin_session_required (the admin session
 * ended: 30 idle minutes, a role change) sends the person to /admin/login, to come back here.
 */
function useAdminSessionWatch(here: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isAdminSessionRequired(error)) return;
      queryClient.setQueryData<AdminAccess>(checkAuthQueryKey(user?.id), { authenticated: false, role: null });
      forgetAdminData(queryClient);
      navigate("/admin/login", { replace: true, state: { from: here } });
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
  }, [queryClient, navigate, user?.id, here]);
}

function AdminAccessCheck({ children }: { children: (role: AdminRole) => ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const mayEnter = user !== null && isAdminRole(user.role);
  const access = useAdminAccess({ enabled: mayEnter });
  useAdminSessionWatch(here);

  if (!mayEnter) return <AccessDenied />;
  if (access.isPending) return <VerifyingAccess />;
  if (access.isError) {
    if (isForbidden(access.error)) return <AccessDenied />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <LoadError title="Could not verify access" error={access.error} onRetry={() => void access.refetch()} />
      </div>
    );
  }
  if (!access.data.authenticated) return <Navigate to="/admin/login" replace state={{ from: here }} />;
  const role = access.data.role ?? (isAdminRole(user.role) ? user.role : "moderator");
  return children(role);
}

/**
 * The admin area's door: signed out → /login (coming back here); a member → Access Denied;
 * no admin session → /admin/login; otherwise `children` with the person's admin role.
 */
export function AdminGate({ children }: { children: (role: AdminRole) => ReactNode }) {
  return (
    <RequireAuth>
      <AdminAccessCheck>{children}</AdminAccessCheck>
    </RequireAuth>
  );
}
