import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest, withQuery } from "@/lib/api-client";
import { auditLogSchema, fillAuditLog, type AuditLog } from "./audit-log-schema";
import { listKey } from "./schema";

const pageSchema = z.object({ logs: z.array(auditLogSchema), nextCursor: z.nullable(z.string()) });

/** One page of the audit log: up to 50 entries, and the cursor to the 50 before them. */
export interface AuditPage {
  logs: AuditLog[];
  nextCursor: string | null;
}

export function parseAuditPage(data: unknown): AuditPage {
  const page = (data ?? {}) as { logs?: unknown; nextCursor?: unknown };
  return pageSchema.parse({
    logs: Array.isArray(page.logs) ? page.logs.map(fillAuditLog) : page.logs,
    nextCursor: page.nextCursor ?? null,
  });
}

export interface AuditQuery {
  action?: string | undefined;
  userId?: string | undefined;
}

export const auditLogsPath = "/api/admin/audit-logs";

/** GET /api/admin/audit-logs?action=&userId=&cursor= → {logs, nextCursor}: 50 a page, newest first. */
export async function fetchAuditPage(query: AuditQuery & { cursor?: string | undefined }, signal?: AbortSignal): Promise<AuditPage> {
  const response = await apiRequest("GET", withQuery(auditLogsPath, { ...query }), signal ? { signal } : {});
  return parseAuditPage(await response.json());
}

/** The audit log from the newest entry on; `fetchNextPage` adds the 50 before the last shown. */
export function useAuditLogs(query: AuditQuery) {
  return useInfiniteQuery({
    queryKey: listKey(auditLogsPath, { ...query }),
    queryFn: ({ pageParam, signal }) => fetchAuditPage({ ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
