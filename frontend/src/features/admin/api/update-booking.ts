import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminBookingsPath, parseAdminBooking, type AdminBooking } from "./admin-booking-schema";
import { refreshAfterEventChange } from "./refresh";
import { replaceInLists } from "./schema";

export type BookingPatch = { status: string } | { paymentStatus: string };

/** PATCH /api/admin/bookings/{id} {status} or {paymentStatus} → 200 {booking}. */
export async function updateBooking({ id, patch }: { id: string; patch: BookingPatch }): Promise<AdminBooking> {
  const response = await apiRequest("PATCH", `${adminBookingsPath}/${encodeURIComponent(id)}`, { body: patch });
  const data = (await response.json()) as { booking?: unknown };
  return parseAdminBooking(data.booking);
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBooking,
    onSuccess: (booking) => {
      replaceInLists(queryClient, adminBookingsPath, "bookings", booking);
      // A status change moves places and figures elsewhere.
      refreshAfterEventChange(queryClient);
    },
  });
}

/**
 * POST /api/admin/bookings/{id}/cancel {refund, reason?} → 200 {booking}: cancels it, frees
 * the place, and refunds a paid card booking when asked.
 */
export async function cancelAdminBooking({
  id,
  refund,
  reason,
}: {
  id: string;
  refund: boolean;
  reason?: string | undefined;
}): Promise<AdminBooking> {
  const response = await apiRequest("POST", `${adminBookingsPath}/${encodeURIComponent(id)}/cancel`, {
    body: reason ? { refund, reason } : { refund },
  });
  const data = (await response.json()) as { booking?: unknown };
  return parseAdminBooking(data.booking);
}

export function useCancelAdminBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAdminBooking,
    onSuccess: (booking) => {
      replaceInLists(queryClient, adminBookingsPath, "bookings", booking);
      refreshAfterEventChange(queryClient);
    },
  });
}
