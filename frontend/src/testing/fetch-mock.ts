import { vi } from "vitest";

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** Replaces fetch with `handler`; returns the mock so tests can inspect calls. */
export function mockFetch(handler: Handler) {
  // The app always calls fetch with a URL string.
  const fetchMock = vi.fn((input: string, init: RequestInit = {}) =>
    Promise.resolve(handler(new URL(input, "http://localhost"), init)),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
