import { apiRequest } from "@/lib/api-client";

/** POST /api/cancel-payment {booking_id}: the person left the checkout; the held place is released. */
export async function cancelPayment(bookingId: string): Promise<void> {
  await apiRequest("POST", "/api/cancel-payment", { body: { booking_id: bookingId } });
}
