import { t } from "@lingui/core/macro";
import type { ERROR_CODES } from "@/generated/shared-rules/errors";

/**
 * A `code` the server sends in error bodies (written from its `ErrorCode`). A type only: the
 * list itself would cost every page's first download, and a code this build does not know
 * (a newer server) simply matches no comparison.
 */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The JSON body every API error has: `{ error, code, fieldErrors?, requestId? }`
 * (`requestId`: the request's `x-request-id`, for a person to quote).
 */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  fieldErrors?: Record<string, string>;
  requestId?: string;
}

/** A request id as the server makes or keeps them (crates/api/src/request_id.rs). */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function requestIdOf(value: unknown): string | undefined {
  return typeof value === "string" && REQUEST_ID.test(value) ? value : undefined;
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { error, code: sent, fieldErrors, requestId } = value as Record<string, unknown>;
    if (typeof error !== "string" || typeof sent !== "string") return null;
    const code = sent as ErrorCode;
    const fields =
      typeof fieldErrors === "object" && fieldErrors !== null
        ? Object.fromEntries(
            Object.entries(fieldErrors).filter(
              (entry): entry is [string, string] => typeof entry[1] === "string",
            ),
          )
        : undefined;
    const id = requestIdOf(requestId);
    return {
      error,
      code,
      ...(fields ? { fieldErrors: fields } : {}),
      ...(id ? { requestId: id } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Thrown for any non-2xx response. The message is "{status}: {body text or status text}"
 * (spec section 8); `body` is the parsed error JSON when the server sent one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** The failed request's id (its body's `requestId`, else its `x-request-id` header). */
  readonly requestId: string | null;

  constructor(status: number, statusText: string, bodyText: string, requestIdHeader?: string | null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = parseErrorBody(bodyText);
    this.requestId = this.body?.requestId ?? requestIdOf(requestIdHeader) ?? null;
  }
}

/** What a person can quote to us about a failed call (its request's id), or null. */
export function errorReference(error: unknown): string | null {
  return error instanceof ApiError ? error.requestId : null;
}

/**
 * The human message to show for a failed call, or `fallback` when the server gave none.
 * A failure on our side (5xx) ends with its reference, so a person can tell us which.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const message = error.body ? error.body.error : fallback;
  const reference = error.requestId;
  return error.status >= 500 && reference ? t`${message} (Reference: ${reference})` : message;
}

/** Sends a request with the session cookie and a JSON body; throws ApiError unless 2xx. */
export async function apiRequest(
  method: string,
  url: string,
  { body, signal }: { body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      response.statusText,
      await response.text(),
      response.headers.get("x-request-id"),
    );
  }
  return response;
}

/**
 * `data[name]` from a JSON object answer such as `{preferences: {...}}`; throws when the
 * answer is not an object with that field.
 */
export function responseField(data: unknown, name: string): unknown {
  if (typeof data !== "object" || data === null || !(name in data)) {
    throw new Error(`Invalid response from server: no ${name}`);
  }
  return (data as Record<string, unknown>)[name];
}

/** Builds "/path?a=1&b=2" from a path and the defined, non-empty params. */
export function withQuery(path: string, params?: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
