import { describe, expect, it } from "vitest";
import { fundedLine } from "./get-solidarity";

describe("a Supporter's month", () => {
  it("tells a Supporter what their plan funded this month", () => {
    expect(fundedLine({ yourShare: null })).toBeNull();
    expect(fundedLine({ yourShare: 1 })).toBe("Your plan funded 1 free place this month. Thank you.");
    expect(fundedLine({ yourShare: 2.5 })).toBe("Your plan funded 2.5 free places this month. Thank you.");
    expect(fundedLine({ yourShare: 0 })).toMatch(/^No free places have been taken yet this month/);
  });
});
