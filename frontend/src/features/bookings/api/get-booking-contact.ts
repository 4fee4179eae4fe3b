import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";

/** The parts of the person's profile that pre-fill the booking form. */
const contactSchema = z.object({
  profile: z.object({
    phone: z.nullable(z.string()),
    emergencyContactName: z.nullable(z.string()),
    emergencyContactPhone: z.nullable(z.string()),
    accessibilityNeeds: z.nullable(z.string()),
  }),
});

export interface BookingContact {
  phone: string;
  emergencyContact: string;
  emergencyPhone: string;
  accessibilityRequirements: string;
}

export async function fetchBookingContact(signal?: AbortSignal): Promise<BookingContact> {
  const response = await apiRequest("GET", "/api/user/profile", { ...(signal ? { signal } : {}) });
  const { profile } = contactSchema.parse(await response.json());
  return {
    phone: profile.phone ?? "",
    emergencyContact: profile.emergencyContactName ?? "",
    emergencyPhone: profile.emergencyContactPhone ?? "",
    accessibilityRequirements: profile.accessibilityNeeds ?? "",
  };
}

/**
 * GET /api/user/profile, read for pre-filling only (kept under /api/user/ so it is
 * forgotten at sign-out). A failure just leaves the boxes empty.
 */
export function useBookingContact() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ["/api/user/profile", "booking-contact", user?.id],
    queryFn: ({ signal }) => fetchBookingContact(signal),
    enabled: user !== null,
  });
}
