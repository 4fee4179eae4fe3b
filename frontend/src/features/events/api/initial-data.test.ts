import { afterEach, describe, expect, it } from "vitest";
import { eventQueryKey } from "@/features/events/api/get-event";
import { eventsQueryKey } from "@/features/events/api/get-events";
import { eventsSummaryQueryKey, HOME_EVENT_COUNT } from "@/features/events/api/query-keys";
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

  it("puts the home page's server-inlined events where its GET /api/events?limit=3 goes", () => {
    const upcoming = [buildEvent(), buildEvent(), buildEvent()];
    inlineData(JSON.stringify({ upcoming }));
    const client = createQueryClient();
    seedInitialData(client);
    const key = eventsQueryKey({ limit: HOME_EVENT_COUNT });
    expect(key).toEqual(["/api/events", { limit: "3" }]);
    expect(client.getQueryData(key)).toEqual(upcoming);
  });

  it("puts the events page's server-inlined summary where its unfiltered GET /api/events/summary goes", () => {
    const summary = { eventCount: 1, sports: [{ category: "Yoga", eventCount: 1, areas: ["Camden"] }], areas: ["Camden"] };
    inlineData(JSON.stringify({ summary }));
    const client = createQueryClient();
    seedInitialData(client);
    expect(eventsSummaryQueryKey()).toEqual(["/api/events/summary"]);
    expect(client.getQueryData(eventsSummaryQueryKey())).toEqual(summary);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it("puts the server-inlined event of an event page into that event's cache", () => {
    const event = buildEvent();
    inlineData(JSON.stringify({ event }));
    const client = createQueryClient();
    seedInitialData(client);
    expect(client.getQueryData(eventQueryKey(event.id))).toEqual(event);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it("ignores a page without inline data or with malformed data", () => {
    const client = createQueryClient();
    seedInitialData(client);
    inlineData("{not json");
    seedInitialData(client);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
