import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { isEventsQuery } from "./booking-schema";
import { myBookingsQueryKey } from "./get-my-bookings";

const responseSchema = z.object({ message: z.string() });

/**
 * POST /api/bookings/{id}/cancel: 200 {message}; 409 cancellation_closed within 2 hours of
 * the start; 404 for anyone else's booking. Card payments are refunded by the server.
 */
export async function cancelBooking({ bookingId, reason }: { bookingId: string; reason?: string }) {
  const response = await apiRequest("POST", `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    body: reason ? { reason } : {},
  });
  return responseSchema.parse(await response.json());
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myBookingsQueryKey });
      void queryClient.invalidateQueries({ predicate: (query) => isEventsQuery(query.queryKey) });
    },
  });
}
