import { describe, expect, it } from "vitest";
import { isSafeCheckoutUrl } from "./create-checkout-session";

describe("isSafeCheckoutUrl", () => {
  const origin = "https://playspace.example";
  it("follows the app's own checkout and Stripe's https pages only", () => {
    expect(isSafeCheckoutUrl("/checkout/cs_1", origin)).toBe(true);
    expect(isSafeCheckoutUrl("https://playspace.example/checkout/cs_1", origin)).toBe(true);
    expect(isSafeCheckoutUrl("https://checkout.stripe.com/c/pay/cs_1", origin)).toBe(true);
    expect(isSafeCheckoutUrl("javascript:alert(1)", origin)).toBe(false);
    expect(isSafeCheckoutUrl("http://evil.example/", origin)).toBe(false);
  });
});
