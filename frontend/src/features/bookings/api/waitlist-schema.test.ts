import { describe, expect, it } from "vitest";
import { parseWaitlistEntry, parseWaitlistResponse, waitlistPath, waitlistQueryKey } from "./waitlist-schema";

const waiting = {
  id: "w1",
  eventId: "e1",
  status: "waiting",
  position: 2,
  offerExpiresAt: null,
  createdAt: "2026-11-21T12:00:00Z",
};

const accepts = (value: unknown) => {
  try {
    parseWaitlistEntry(value);
    return true;
  } catch {
    return false;
  }
};

describe("waitlist entry schema", () => {
  it("reads an entry in each of the server's states", () => {
    expect(parseWaitlistEntry(waiting)).toEqual(waiting);
    const offered = { ...waiting, status: "offered", position: null, offerExpiresAt: "2026-11-22T00:00:00Z" };
    expect(parseWaitlistEntry(offered)).toEqual(offered);
    for (const status of ["claimed", "expired", "left"]) {
      expect(parseWaitlistEntry({ ...waiting, status, position: null }).status).toBe(status);
    }
  });

  it("reads {entry: null} for someone who never joined", () => {
    expect(parseWaitlistResponse({ entry: null })).toEqual({ entry: null });
    expect(parseWaitlistResponse({ entry: waiting }).entry?.position).toBe(2);
    expect(() => parseWaitlistResponse({})).toThrow();
    expect(() => parseWaitlistResponse({ entry: { ...waiting, status: "pending" } })).toThrow();
  });

  it("refuses what the panel could not show", () => {
    expect(accepts({ ...waiting, status: "pending" })).toBe(false);
    expect(accepts({ ...waiting, position: 0 })).toBe(false);
    expect(accepts({ ...waiting, position: 1.5 })).toBe(false);
    expect(accepts({ ...waiting, offerExpiresAt: "tomorrow-ish" })).toBe(false);
    expect(accepts({ ...waiting, createdAt: undefined })).toBe(false);
    expect(accepts(waiting)).toBe(true);
  });

  it("keys each person's entry under the event's API path", () => {
    expect(waitlistPath("e 1")).toBe("/api/events/e%201/waitlist");
    expect(waitlistQueryKey("e1", "u1")).toEqual(["/api/events/e1/waitlist", "u1"]);
    expect(waitlistQueryKey("e1")).toEqual(["/api/events/e1/waitlist"]);
  });
});
