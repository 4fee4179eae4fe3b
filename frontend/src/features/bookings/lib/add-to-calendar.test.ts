import { describe, expect, it } from "vitest";
import { formatTimeRange } from "@/lib/format";
import { calendarDescription, googleCalendarUrl, outlookCalendarUrl, type CalendarEntry } from "./add-to-calendar";

function entry(overrides: Partial<CalendarEntry["event"]> = {}): CalendarEntry {
  return {
    event: {
      id: "e1",
      title: "Walking Football",
      date: "2026-12-01T18:30:00Z",
      duration: 90,
      location: "Jubilee Hall, Camden",
      ...overrides,
    },
    reference: "PS-7K3Q9M",
    origin: "https://playspace.test/",
  };
}

describe("googleCalendarUrl", () => {
  it("fills in the title, UTC start/end from the date and duration, details and location", () => {
    const url = new URL(googleCalendarUrl(entry()));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Walking Football");
    expect(url.searchParams.get("dates")).toBe("20261201T183000Z/20261201T200000Z");
    expect(url.searchParams.get("location")).toBe("Jubilee Hall, Camden");
    expect(url.searchParams.get("details")).toBe(
      "Booking reference: PS-7K3Q9M\nPlease arrive 15 minutes early and quote your reference.\n\nEvent details: https://playspace.test/events/e1",
    );
  });

  it("gives UTC for a London summer-time event (19:00 BST is 18:00Z)", () => {
    // The site shows this session at 19:00 London time; the calendar gets 18:00 UTC.
    const summer = "2026-07-14T18:00:00Z";
    expect(formatTimeRange(summer, 60)).toBe("19:00 – 20:00");
    expect(new URL(googleCalendarUrl(entry({ date: summer, duration: 60 }))).searchParams.get("dates")).toBe(
      "20260714T180000Z/20260714T190000Z",
    );
    // The same instant written with London's offset gives the same UTC.
    const offset = new URL(googleCalendarUrl(entry({ date: "2026-07-14T19:00:00+01:00", duration: 60 })));
    expect(offset.searchParams.get("dates")).toBe("20260714T180000Z/20260714T190000Z");
  });

  it("gives UTC across the autumn clock change (01:30 BST, then an hour on into GMT)", () => {
    // 25 October 2026: clocks go back at 02:00 BST. 00:30Z is 01:30 BST; 90 minutes on is 02:00Z.
    expect(new URL(googleCalendarUrl(entry({ date: "2026-10-25T00:30:00Z", duration: 90 }))).searchParams.get("dates")).toBe(
      "20261025T003000Z/20261025T020000Z",
    );
  });

  it("ends on the next day when the duration crosses midnight", () => {
    const url = new URL(googleCalendarUrl(entry({ date: "2026-12-31T23:30:00Z", duration: 45 })));
    expect(url.searchParams.get("dates")).toBe("20261231T233000Z/20270101T001500Z");
  });

  it("percent-encodes &, #, non-ASCII and newlines so nothing leaks into other parameters", () => {
    const raw = googleCalendarUrl(entry({ title: "Tea & Tennis #2 — Café Naïve", location: "Hall 1\nRoom 2" }));
    expect(raw).toContain("text=Tea%20%26%20Tennis%20%232%20%E2%80%94%20Caf%C3%A9%20Na%C3%AFve&");
    expect(raw).toContain("location=Hall%201%0ARoom%202");
    expect(raw).toContain("details=Booking%20reference%3A%20PS-7K3Q9M%0A");
    expect(raw).not.toMatch(/[\s#]/);
    const url = new URL(raw);
    expect(url.hash).toBe("");
    expect(url.searchParams.get("text")).toBe("Tea & Tennis #2 — Café Naïve");
    expect(url.searchParams.get("location")).toBe("Hall 1\nRoom 2");
    expect([...url.searchParams.keys()]).toEqual(["action", "text", "dates", "details", "location"]);
  });
});

describe("outlookCalendarUrl", () => {
  it("fills in the compose form with ISO UTC times", () => {
    const url = new URL(outlookCalendarUrl(entry({ date: "2026-07-14T19:00:00+01:00", duration: 75 })));
    expect(url.origin + url.pathname).toBe("https://outlook.live.com/calendar/0/action/compose");
    expect(url.searchParams.get("subject")).toBe("Walking Football");
    expect(url.searchParams.get("startdt")).toBe("2026-07-14T18:00:00Z");
    expect(url.searchParams.get("enddt")).toBe("2026-07-14T19:15:00Z");
    expect(url.searchParams.get("location")).toBe("Jubilee Hall, Camden");
    expect(url.searchParams.get("body")).toBe(calendarDescription(entry()));
    expect(url.searchParams.get("path")).toBe("/calendar/action/compose");
    expect(url.searchParams.get("rru")).toBe("addevent");
  });

  it("percent-encodes &, #, non-ASCII and newlines, with spaces as %20 rather than +", () => {
    const raw = outlookCalendarUrl(entry({ title: "Tea & Tennis #2 — Café", location: "Hall 1\nRoom 2" }));
    expect(raw).toContain("subject=Tea%20%26%20Tennis%20%232%20%E2%80%94%20Caf%C3%A9&");
    expect(raw).toContain("location=Hall%201%0ARoom%202&");
    expect(raw).not.toMatch(/[\s#+]/);
    const url = new URL(raw);
    expect(url.searchParams.get("subject")).toBe("Tea & Tennis #2 — Café");
    expect(url.searchParams.get("location")).toBe("Hall 1\nRoom 2");
  });

  it("encodes the event id in the event page's address", () => {
    expect(calendarDescription({ ...entry({ id: "a/b?c" }), origin: "https://x.test" })).toContain(
      "Event details: https://x.test/events/a%2Fb%3Fc",
    );
  });
});
