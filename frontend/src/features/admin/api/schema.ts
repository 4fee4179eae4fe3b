import type { QueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { ROLES } from "@/generated/shared-rules/accounts";

/**
 * Shared pieces of the admin API's schemas. Only zod builders the rest of the app already
 * uses appear here: zod's shared chunk is on the home page's budget, and a new builder
 * (z.optional, z.enum, z.literal...) would add to it. Absent fields are filled with null
 * before parsing (fillAbsent) instead of z.optional; choices are z.custom (oneOf).
 */

/** An ISO 8601 instant. */
export const instant = () => z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), "Invalid date"));

/** Pounds as a decimal string, "12.50". */
export const money = () => z.string().check(z.regex(/^-?\d+(\.\d{1,2})?$/, "Invalid amount"));

/** A "YYYY-MM-DD" or "YYYY-MM" label as the charts use them. */
export const isoDay = () => z.string().check(z.regex(/^\d{4}-\d{2}(-\d{2})?$/, "Invalid day"));

/** One of `values`, typed as their union. */
export const oneOf = <T extends string>(values: readonly T[]) =>
  z.custom<T>((value) => typeof value === "string" && (values as readonly string[]).includes(value), "Unexpected value");

/** Any JSON value (audit details). */
export const anyJson = () => z.custom(() => true);

/** `data` with each of `keys` that is absent set to null (a copy; non-objects unchanged). */
export function fillAbsent(data: unknown, keys: readonly string[]): unknown {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const key of keys) if (copy[key] === undefined) copy[key] = null;
  return copy;
}

/** fillAbsent on each item of the array at `data[listKey]` and on `data` itself. */
export function fillAbsentInList(data: unknown, listKey: string, itemKeys: readonly string[], ownKeys: readonly string[] = []): unknown {
  const filled = fillAbsent(data, ownKeys);
  if (typeof filled !== "object" || filled === null) return filled;
  const list = (filled as Record<string, unknown>)[listKey];
  if (!Array.isArray(list)) return filled;
  return { ...filled, [listKey]: list.map((item) => fillAbsent(item, itemKeys)) };
}

export { ROLES };
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { user: "Member", moderator: "Moderator", admin: "Admin" };

/** Every admin query's key starts with its API path; lists add their params. */
export type AdminListParams = Record<string, string | undefined>;

export function listKey(path: string, params: AdminListParams = {}) {
  const defined = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return [path, defined] as const;
}

/** In every cached page of the list under `path`, replaces the item with `item.id` by `item`. */
export function replaceInLists(queryClient: QueryClient, path: string, listField: string, item: { id: string }): void {
  queryClient.setQueriesData<Record<string, unknown>>({ queryKey: [path] }, (page) => {
    const list = page?.[listField];
    if (!page || !Array.isArray(list)) return page;
    return { ...page, [listField]: (list as { id: string }[]).map((old) => (old.id === item.id ? item : old)) };
  });
}

/** Lists are keyset pages: the answer's `nextCursor` (null on the last page) and `total`. */
export const PAGE_SIZE = 20;
