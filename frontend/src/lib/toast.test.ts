import { beforeEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { TOAST_DURATIONS, toast } from "./toast";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() } }));

describe("toast durations (spec section 9)", () => {
  beforeEach(() => vi.clearAllMocks());

  it("are the spec's: success 4 s, error 5 s, info 3 s, welcome 5 s, booking 6 s, reminder 8 s", () => {
    expect(TOAST_DURATIONS).toEqual({
      success: 4000,
      error: 5000,
      info: 3000,
      welcome: 5000,
      bookingConfirmation: 6000,
      reminder: 8000,
    });
  });

  it.each([
    ["success", "success", 4000],
    ["error", "error", 5000],
    ["info", "info", 3000],
    ["welcome", "success", 5000],
    ["bookingConfirmation", "success", 6000],
    ["reminder", "info", 8000],
  ] as const)("%s shows a sonner %s toast for %i ms, keeping the other options", async (kind, method, ms) => {
    toast[kind]("Title", { id: "booking", description: "Words" });
    await waitFor(() => expect(sonner[method]).toHaveBeenCalled());
    expect(sonner[method]).toHaveBeenCalledExactlyOnceWith("Title", { id: "booking", description: "Words", duration: ms });
  });

  it("gives a toast without options its duration too", async () => {
    toast.error("Oops");
    await waitFor(() => expect(sonner.error).toHaveBeenCalledWith("Oops", { duration: 5000 }));
  });

  it("keeps the order of calls while sonner loads (a dismiss then a new toast)", async () => {
    toast.dismiss("booking");
    toast.success("Again", { id: "booking" });
    await waitFor(() => expect(sonner.success).toHaveBeenCalled());
    const dismissed = vi.mocked(sonner.dismiss).mock.invocationCallOrder[0] ?? Infinity;
    const shown = vi.mocked(sonner.success).mock.invocationCallOrder[0] ?? -Infinity;
    expect(dismissed).toBeLessThan(shown);
  });
});
