import { describe, expect, it } from "vitest";
import { charCount, isDateOfBirth, isPhoneNumber } from "./validation";

describe("shared rules", () => {
  it("accepts phone numbers as the server does (10+ characters, 7+ digits)", () => {
    expect(isPhoneNumber("07700 900123")).toBe(true);
    expect(isPhoneNumber("+44 (20) 7946-0321")).toBe(true);
    expect(isPhoneNumber("0770090012")).toBe(true);
    expect(isPhoneNumber("077009001")).toBe(false);
    expect(isPhoneNumber("call me later")).toBe(false);
    expect(isPhoneNumber("+++ --- ((()))")).toBe(false);
    expect(isPhoneNumber("0".repeat(21))).toBe(false);
  });

  it("accepts a date of birth between 1 and 120 years ago", () => {
    const today = new Date(2026, 10, 21);
    expect(isDateOfBirth("1990-05-17", today)).toBe(true);
    expect(isDateOfBirth("2025-11-21", today)).toBe(true);
    expect(isDateOfBirth("2025-11-22", today)).toBe(false);
    expect(isDateOfBirth("1906-11-21", today)).toBe(true);
    expect(isDateOfBirth("1905-11-21", today)).toBe(false);
    expect(isDateOfBirth("1990-02-30", today)).toBe(false);
    expect(isDateOfBirth("17/05/1990", today)).toBe(false);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(charCount("ééé")).toBe(3);
    expect(charCount("🏸🏸")).toBe(2);
  });
});
