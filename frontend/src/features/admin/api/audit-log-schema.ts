import { z } from "zod/mini";
import { anyJson, fillAbsent, instant } from "./schema";

/** One audit log entry (also the Overview's recent activity). */
export const auditLogSchema = z.object({
  id: z.string(),
  userId: z.nullable(z.string()),
  userName: z.nullable(z.string()),
  action: z.string(),
  resourceType: z.nullable(z.string()),
  resourceId: z.nullable(z.string()),
  details: z.nullable(anyJson()),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  createdAt: instant(),
});

export type AuditLog = z.infer<typeof auditLogSchema>;

export const AUDIT_LOG_NULLABLE = ["userId", "userName", "resourceType", "resourceId", "details", "ipAddress", "userAgent"] as const;

export function fillAuditLog(data: unknown): unknown {
  return fillAbsent(data, AUDIT_LOG_NULLABLE);
}

/** "user.update" → "User update"; "bulk_email.send" → "Bulk email send". */
export function actionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Audit details as readable "key: value" lines (nested values as compact JSON). */
export function detailLines(details: unknown): string[] {
  if (details === null || details === undefined) return [];
  if (typeof details !== "object" || Array.isArray(details)) return [stringify(details)];
  return Object.entries(details as Record<string, unknown>).map(([key, value]) => `${key}: ${stringify(value)}`);
}

function stringify(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
