import { describe, expect, it } from "vitest";
import { safeReturnPath, saveReturnUrl, takeReturnUrl } from "./return-url";

describe("return address", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeReturnPath("/booking/42")).toBe("/booking/42");
    expect(safeReturnPath("/events?sport=Table+Tennis#top")).toBe("/events?sport=Table+Tennis#top");
    expect(safeReturnPath("/preferences")).toBe("/preferences");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/path",
      "/\\evil.example",
      "javascript:alert(1)",
      "events",
      "",
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it("never returns to a sign-in page, which would loop", () => {
    expect(safeReturnPath("/login")).toBeNull();
    expect(safeReturnPath("/signup?x=1")).toBeNull();
    expect(safeReturnPath("/reset-password?token=abc")).toBeNull();
    expect(safeReturnPath("/forgot-password")).toBeNull();
    expect(safeReturnPath("/login-help")).toBe("/login-help");
  });

  it("is taken once: read, then forgotten", () => {
    saveReturnUrl("/events/7");
    expect(localStorage.getItem("returnUrl")).toBe("/events/7");
    expect(takeReturnUrl()).toBe("/events/7");
    expect(localStorage.getItem("returnUrl")).toBeNull();
    expect(takeReturnUrl()).toBe("/");
  });

  it("falls back to the home page for an unsafe saved value", () => {
    localStorage.setItem("returnUrl", "https://evil.example/");
    expect(takeReturnUrl()).toBe("/");
    expect(localStorage.getItem("returnUrl")).toBeNull();
  });
});
