import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNow } from "./use-now";

describe("useNow", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-25T19:58:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks every interval", () => {
    const { result } = renderHook(() => useNow(60_000));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current.toISOString()).toBe("2026-11-25T19:59:00.000Z");
  });

  it("stands still with no interval, and reads the time at once when started", () => {
    const { result, rerender } = renderHook(({ interval }: { interval: number | null }) => useNow(interval), {
      initialProps: { interval: null as number | null },
    });
    act(() => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    expect(result.current.toISOString()).toBe("2026-11-25T19:58:00.000Z");
    rerender({ interval: 60_000 });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(result.current.toISOString()).toBe("2026-11-25T20:03:00.000Z");
  });
});
