import { ERROR_CODES } from "@/generated/shared-rules";

/** A `code` the server sends in error bodies (written from its `ErrorCode`). */
export type ErrorCode = (typeof ERROR_CODES)[number];

function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/** The JSON body every API error has: `{ error, code, fieldErrors? }`. */
export interface ApiErrorBody {
  error: string;
  /** `null` for a code this build does not know; the message still shows. */
  code: ErrorCode | null;
  fieldErrors?: Record<string, string>;
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { error, code: sent, fieldErrors } = value as Record<string, unknown>;
    if (typeof error !== "string" || typeof sent !== "string") return null;
    const code = isErrorCode(sent) ? sent : null;
    const fields =
      typeof fieldErrors === "object" && fieldErrors !== null
        ? Object.fromEntries(
            Object.entries(fieldErrors).filter(
              (entry): entry is [string, string] => typeof entry[1] === "string",
            ),
          )
        : undefined;
    return fields ? { error, code, fieldErrors: fields } : { error, code };
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

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = parseErrorBody(bodyText);
  }
}

/** The human message to show for a failed call, or `fallback` when the server gave none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body ? error.body.error : fallback;
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
    throw new ApiError(response.status, response.statusText, await response.text());
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
