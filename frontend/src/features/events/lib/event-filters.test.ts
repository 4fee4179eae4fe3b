import { describe, expect, it } from "vitest";
import { accessKeys, filtersFromSearchParams, hasFilters, withFilter, withoutFilters } from "./event-filters";

describe("event filters in the URL", () => {
  it("reads filters, ignoring 'all', blanks and impossible dates", () => {
    expect(filtersFromSearchParams(new URLSearchParams("sport=Football&area=all&q=%20%20&date=2026-02-30"))).toEqual({
      sport: "Football",
      area: undefined,
      q: undefined,
      date: undefined,
      access: undefined,
    });
    expect(filtersFromSearchParams(new URLSearchParams("q=yoga&date=2026-11-24")).date).toBe("2026-11-24");
  });

  it("reads access needs in the facts' order, dropping keys that are no fact", () => {
    expect(accessKeys("lift, stepFree,ramps,,lift")).toEqual(["stepFree", "lift"]);
    expect(accessKeys(null)).toEqual([]);
    expect(filtersFromSearchParams(new URLSearchParams("access=quietSpace,stepFree")).access).toBe("stepFree,quietSpace");
    expect(filtersFromSearchParams(new URLSearchParams("access=ramps")).access).toBeUndefined();
    expect(hasFilters({ access: "lift" })).toBe(true);
    expect(withoutFilters(new URLSearchParams("access=lift&sport=Yoga")).toString()).toBe("");
  });

  it("knows whether anything is filtered", () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ area: "Hackney" })).toBe(true);
  });

  it("sets and removes one filter, keeping the others", () => {
    const params = new URLSearchParams("sport=Football&q=park");
    expect(withFilter(params, "area", "Hackney").toString()).toBe("sport=Football&q=park&area=Hackney");
    expect(withFilter(params, "sport", "all").toString()).toBe("q=park");
    expect(withFilter(params, "q", undefined).toString()).toBe("sport=Football");
    expect(withoutFilters(new URLSearchParams("sport=Football&q=park&utm=x")).toString()).toBe("utm=x");
    expect(params.toString()).toBe("sport=Football&q=park");
  });
});
