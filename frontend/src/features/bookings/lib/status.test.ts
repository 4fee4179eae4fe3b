import { describe, expect, it } from "vitest";
import { bookingStatusBadge, paymentStatusBadge } from "./status";

describe("status badges", () => {
  it("names every booking status", () => {
    expect(bookingStatusBadge("confirmed").label).toBe("Confirmed");
    expect(bookingStatusBadge("pending").label).toBe("Awaiting payment");
    expect(bookingStatusBadge("cancelled").label).toBe("Cancelled");
  });

  it("reads the payment status in the light of how the person pays", () => {
    expect(paymentStatusBadge("pending", "cash", "8.00").label).toBe("Pay cash on arrival");
    expect(paymentStatusBadge("pending", "card", "8.00").label).toBe("Payment pending");
    expect(paymentStatusBadge("paid", "card", "8.00").label).toBe("Paid");
    expect(paymentStatusBadge("refunded", "card", "8.00").label).toBe("Refunded");
    expect(paymentStatusBadge("failed", "card", "8.00")).toEqual({ label: "Payment failed", tone: "destructive" });
    expect(paymentStatusBadge("pending", "cash", "0.00").label).toBe("Free");
  });

  it("never asks for payment on a cancelled booking", () => {
    expect(paymentStatusBadge("pending", "cash", "8.00", "cancelled").label).toBe("Not charged");
    expect(paymentStatusBadge("pending", "card", "8.00", "cancelled").label).toBe("Not charged");
    expect(paymentStatusBadge("refunded", "card", "8.00", "cancelled").label).toBe("Refunded");
  });
});
