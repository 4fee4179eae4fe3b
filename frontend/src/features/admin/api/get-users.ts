import { useQuery } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";
import { parseUsersPage, usersPath, type UsersPage } from "./admin-user-schema";
import { listKey } from "./schema";

export interface UsersQuery {
  q?: string | undefined;
  role?: string | undefined;
  cursor?: string | undefined;
}

/** GET /api/admin/users?q=&role=&cursor= → {users, nextCursor?, total}, newest first, 20 a page. */
export async function fetchUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const response = await apiRequest("GET", withQuery(usersPath, { ...query }), signal ? { signal } : {});
  return parseUsersPage(await response.json());
}

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: listKey(usersPath, { ...query }),
    queryFn: ({ signal }) => fetchUsers(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}
