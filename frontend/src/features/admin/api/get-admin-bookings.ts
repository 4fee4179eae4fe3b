import { useQuery } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";
import { adminBookingsPath, parseBookingsPage, type BookingsPage } from "./admin-booking-schema";
import { listKey } from "./schema";

export interface AdminBookingsQuery {
  eventId?: string | undefined;
  status?: string | undefined;
  paymentStatus?: string | undefined;
  /** London days of the booking, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  reference?: string | undefined;
  cursor?: string | undefined;
}

/** GET /api/admin/bookings?eventId=&status=&paymentStatus=&from=&to=&reference=&cursor=, newest first. */
export async function fetchAdminBookings(query: AdminBookingsQuery, signal?: AbortSignal): Promise<BookingsPage> {
  const response = await apiRequest("GET", withQuery(adminBookingsPath, { ...query }), signal ? { signal } : {});
  return parseBookingsPage(await response.json());
}

export function useAdminBookings(query: AdminBookingsQuery) {
  return useQuery({
    queryKey: listKey(adminBookingsPath, { ...query }),
    queryFn: ({ signal }) => fetchAdminBookings(query, signal),
    placeholderData: (previous) => previous,
  });
}
