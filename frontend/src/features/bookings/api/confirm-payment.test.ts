import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildEvent } from "@/testing/fixtures";
import { confirmPayment } from "./confirm-payment";

const booking = {
  id: "b1",
  reference: "PS-7K3Q9M",
  eventId: "e1",
  userId: "u1",
  status: "confirmed",
  paymentStatus: "paid",
  paymentMethod: "card",
  amount: "8.00",
  accessibilityRequirements: null,
  companion: false,
  companionName: null,
  createdAt: "2026-11-21T12:00:00Z",
  cancellableUntil: "2026-12-01T16:30:00Z",
  event: buildEvent(),
};

describe("confirmPayment", () => {
  it("returns the paid booking with its event", async () => {
    mockFetch(() => json({ success: true, booking, error: null }));
    expect(await confirmPayment("cs_1")).toEqual({ success: true, booking });
  });

  it("reads the error from a 404 body", async () => {
    mockFetch(() => json({ success: false, error: "No payment session found" }, 404));
    expect(await confirmPayment("cs_1")).toEqual({ success: false, error: "No payment session found", booking: null });
  });

  it("says 'No payment session found' without asking when there is no session id", async () => {
    const fetchMock = mockFetch(() => json({}));
    expect((await confirmPayment("")).success).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("falls back to the spec's words for a payment not yet confirmed or an unreadable answer", async () => {
    mockFetch(() => json({ success: false, booking: { ...booking, paymentStatus: "pending" } }));
    expect(await confirmPayment("cs_1")).toMatchObject({ success: false, error: "Payment confirmation failed" });
    mockFetch(() => new Response("oops", { status: 502 }));
    expect(await confirmPayment("cs_1")).toMatchObject({ success: false, error: "Failed to confirm payment" });
  });
});
