import { describe, expect, it } from "vitest";
import { buildEvent } from "@/testing/fixtures";
import { groupByArea, limitBadges } from "./group-events";

describe("limitBadges", () => {
  it("shows at most three, then '+N more'", () => {
    expect(limitBadges(["A", "B"])).toEqual({ shown: ["A", "B"], more: 0 });
    expect(limitBadges(["A", "B", "C"])).toEqual({ shown: ["A", "B", "C"], more: 0 });
    expect(limitBadges(["A", "B", "C", "D", "E"])).toEqual({ shown: ["A", "B", "C"], more: 2 });
  });
});

describe("groupByArea", () => {
  it("groups by area, keeping list order inside a group", () => {
    const first = buildEvent({ location: "Haggerston Park, Hackney", area: "Hackney", date: "2026-11-24T10:00:00Z" });
    const second = buildEvent({ location: "Burgess Park, Southwark", area: "Southwark" });
    const third = buildEvent({ location: "London Fields, Hackney", area: "Hackney", date: "2026-11-25T10:00:00Z" });
    expect(groupByArea([first, second, third])).toEqual([
      { area: "Hackney", events: [first, third] },
      { area: "Southwark", events: [second] },
    ]);
  });
});
