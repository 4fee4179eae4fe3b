import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { ApiError, apiRequest, errorMessage, errorReference, withQuery } from "./api-client";
import { createQueryClient } from "./query-client";

describe("apiRequest", () => {
  it("throws '{status}: {body}' with the parsed error body", async () => {
    const body = { error: "Event not found", code: "event_not_found" };
    mockFetch(() => json(body, 404));
    const error = await apiRequest("GET", "/api/events/nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`404: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body).toEqual(body);
  });

  it("keeps the message and the code of a code it does not know (a newer server's)", async () => {
    mockFetch(() => json({ error: "Something new went wrong", code: "not_a_code_we_send" }, 409));
    const error = (await apiRequest("GET", "/api/events").catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual({ error: "Something new went wrong", code: "not_a_code_we_send" });
  });

  it("falls back to the status text when the body is empty", async () => {
    mockFetch(() => new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/events")).rejects.toThrow("503: Service Unavailable");
  });

  it("keeps field errors for forms", async () => {
    mockFetch(() =>
      json(
        {
          error: "Please correct the highlighted fields",
          code: "validation_failed",
          fieldErrors: { firstName: "First name is required" },
        },
        400,
      ),
    );
    const error = (await apiRequest("POST", "/api/contact", { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.body?.fieldErrors).toEqual({ firstName: "First name is required" });
    expect(errorMessage(error, "fallback")).toBe("Please correct the highlighted fields");
    expect(errorMessage(new Error("network"), "fallback")).toBe("fallback");
  });

  it("names the failed request, and quotes it for failures on our side", async () => {
    const body = { error: "Something went wrong", code: "internal_error", requestId: "0196f1c2-ab" };
    mockFetch(() => json(body, 500));
    const error = await apiRequest("GET", "/api/events").catch((e: unknown) => e);
    expect(errorReference(error)).toBe("0196f1c2-ab");
    expect(errorMessage(error, "fallback")).toBe("Something went wrong (Reference: 0196f1c2-ab)");
    const refused = new ApiError(409, "Conflict", JSON.stringify({ error: "Full", code: "event_full", requestId: "r1" }));
    expect(errorMessage(refused, "fallback")).toBe("Full");
    expect(errorReference(refused)).toBe("r1");
    // A proxy's page has no body to read: the header still names the request.
    const proxied = new ApiError(502, "Bad Gateway", "<html>Bad gateway</html>", "edge-1");
    expect(errorMessage(proxied, "Please try again")).toBe("Please try again (Reference: edge-1)");
    // Anything else in that place is not shown to a person.
    const odd = new ApiError(500, "", JSON.stringify({ error: "x", code: "y", requestId: "<b>hi</b>" }), "a b");
    expect(errorReference(odd)).toBeNull();
    expect(errorReference(new Error("network"))).toBeNull();
  });

  it("sends cookies and JSON", async () => {
    const fetchMock = mockFetch(() => json({ message: "ok" }, 201));
    await apiRequest("POST", "/api/contact", { body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });
});

describe("query keys as URLs", () => {
  it("builds the query string from defined params", () => {
    expect(withQuery("/api/events")).toBe("/api/events");
    expect(withQuery("/api/events", { sport: "Table Tennis", area: undefined, q: "" })).toBe(
      "/api/events?sport=Table+Tennis",
    );
  });

  it("GETs the key path by default", async () => {
    const fetchMock = mockFetch(() => json([]));
    const client = createQueryClient();
    await client.query({ queryKey: ["/api/events", { area: "Hackney" }] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/events?area=Hackney");
  });

  it("never retries a failed query", async () => {
    const fetchMock = mockFetch(() => json({ error: "Something went wrong", code: "internal_error" }, 500));
    const client = createQueryClient();
    await expect(client.query({ queryKey: ["/api/events"] })).rejects.toThrow(/^500: /);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
