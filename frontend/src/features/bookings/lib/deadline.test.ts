import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatHeldUntil, useHasPassed } from "./deadline";

describe("formatHeldUntil", () => {
  it("says when the hold ends in London time, summer and winter", () => {
    expect(formatHeldUntil("2030-07-02T15:30:00Z")).toBe("Tuesday 2 July 2030, 16:30");
    expect(formatHeldUntil("2026-11-24T06:05:00Z")).toBe("Tuesday 24 November 2026, 06:05");
  });
});

describe("useHasPassed", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("turns true when the deadline passes while the page is open", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-24T12:00:00Z"));
    const { result } = renderHook(() => useHasPassed("2026-11-24T12:00:05Z"));
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    expect(result.current).toBe(true);
  });

  it("is false without a deadline, and true for one already gone", () => {
    expect(renderHook(() => useHasPassed(null)).result.current).toBe(false);
    expect(renderHook(() => useHasPassed("2001-01-01T00:00:00Z")).result.current).toBe(true);
  });
});
