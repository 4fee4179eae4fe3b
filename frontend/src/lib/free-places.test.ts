import { describe, expect, it } from "vitest";
import { companionLine } from "./companion";
import { freePlacesLine } from "./event-schema";

describe("companion and solidarity words", () => {
  it("says how many free places are left, and nothing when none are", () => {
    expect(freePlacesLine({ solidarityPlacesLeft: 0 })).toBeNull();
    expect(freePlacesLine({ solidarityPlacesLeft: 1 })).toBe("1 free place available");
    expect(freePlacesLine({ solidarityPlacesLeft: 4 })).toBe("4 free places available");
  });

  it("shows a companion as +1, with their first name when given", () => {
    expect(companionLine({ companion: false, companionName: null })).toBeNull();
    expect(companionLine({ companion: true, companionName: null })).toBe("+1 companion");
    expect(companionLine({ companion: true, companionName: "Sam" })).toBe("+1 companion: Sam");
  });
});
