import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest, withQuery } from "@/lib/api-client";
import { auditLogSchema, fillAuditLog, type AuditLog } from "./audit-log-schema";
import { listKey } from "./schema";

const logsSchema = z.object({ logs: z.array(auditLogSchema) });

export function parseAuditLogs(data: unknown): AuditLog[] {
  const logs = (data as { logs?: unknown } | null)?.logs;
  return logsSchema.parse({ logs: Array.isArray(logs) ? logs.map(fillAuditLog) : logs }).logs;
}

export interface AuditQuery {
  action?: string | undefined;
  userId?: string | undefined;
}

export const auditLogsPath = "/api/admin/audit-logs";

/** GET /api/admin/audit-logs?action=&userId= → {logs} (the latest 50). */
export async function fetchAuditLogs(query: AuditQuery, signal?: AbortSignal): Promise<AuditLog[]> {
  const response = await apiRequest("GET", withQuery(auditLogsPath, { ...query }), signal ? { signal } : {});
  return parseAuditLogs(await response.json());
}

export function useAuditLogs(query: AuditQuery) {
  return useQuery({
    queryKey: listKey(auditLogsPath, { ...query }),
    queryFn: ({ signal }) => fetchAuditLogs(query, signal),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}
