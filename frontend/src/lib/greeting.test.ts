import { describe, expect, it } from "vitest";
import { greetingFor } from "./greeting";

const at = (hour: number, minute = 0) => new Date(2026, 10, 24, hour, minute);

describe("greetingFor", () => {
  it.each([
    [at(4, 59), "evening"],
    [at(5), "morning"],
    [at(11, 59), "morning"],
    [at(12), "afternoon"],
    [at(16, 59), "afternoon"],
    [at(17), "evening"],
    [at(23, 30), "evening"],
    [at(0), "evening"],
  ])("at %s says %s", (date, expected) => {
    expect(greetingFor(date)).toBe(expected);
  });
});
