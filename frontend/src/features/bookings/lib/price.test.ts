import { describe, expect, it } from "vitest";
import { formatPounds, formatPriceOrFree, isFreePrice, priceAmount } from "./price";

describe("prices from the API's decimal strings", () => {
  it("always shows pounds with two decimals on the booking card", () => {
    expect(formatPounds("12.5")).toBe("£12.50");
    expect(formatPounds("8.00")).toBe("£8.00");
    expect(formatPounds("0.00")).toBe("£0.00");
    expect(formatPounds("1234.5")).toBe("£1,234.50");
  });

  it("falls back to the spec's £20 when a price is absent or unreadable", () => {
    expect(priceAmount(undefined)).toBe(20);
    expect(formatPounds(null)).toBe("£20.00");
    expect(formatPounds("")).toBe("£20.00");
    expect(formatPounds("abc")).toBe("£20.00");
  });

  it("says Free for 0.00 where the spec shows prices", () => {
    expect(formatPriceOrFree("0.00")).toBe("Free");
    expect(formatPriceOrFree("0")).toBe("Free");
    expect(formatPriceOrFree("15.00")).toBe("£15.00");
    expect(isFreePrice("0.00")).toBe(true);
    expect(isFreePrice("0.01")).toBe(false);
  });
});
