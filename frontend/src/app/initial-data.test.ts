import { afterEach, describe, expect, it } from "vitest";
import { eventQueryKey } from "@/features/events/api/get-event";
import { eventsQueryKey } from "@/features/events/api/get-events";
import { createQueryClient } from "@/lib/query-client";
import { buildEvent } from "@/testing/fixtures";
import { seedInitialData } from "./initial-data";

function inlineData(text: string) {
  const script = document.createElement("script");
  script.id = "initial-data";
  script.type = "application/json";
  script.textContent = text;
  document.head.append(script);
}

describe("seedInitialData", () => {
  afterEach(() => document.getElementById("initial-data")?.remove());

  it("puts the server-inlined events into the events list cache", () => {
    const events = [buildEvent(), buildEvent()];
    inlineData(JSON.stringify({ events }));
    const client = createQueryClient();
    seedInitialData(client);
    expect(client.getQueryData(eventsQueryKey())).toEqual(events);
  });

  it("puts the server-inlined event of an event page into that event's cache", () => {
    const event = buildEvent();
    inlineData(JSON.stringify({ event }));
    const client = createQueryClient();
    seedInitialData(client);
    expect(client.getQueryData(eventQueryKey(event.id))).toEqual(event);
    expect(client.getQueryData(eventsQueryKey())).toBeUndefined();
  });

  it("ignores a page without inline data or with malformed data", () => {
    const client = createQueryClient();
    seedInitialData(client);
    inlineData("{not json");
    seedInitialData(client);
    expect(client.getQueryData(eventsQueryKey())).toBeUndefined();
  });
});
