import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";
import { fetchAccessNeeds } from "@/lib/access-needs-api";

/** The parts of the person's profile that pre-fill the booking form. */
const contactSchema = z.object({
  profile: z.object({
    phone: z.nullable(z.string()),
    emergencyContactName: z.nullable(z.string()),
    emergencyContactPhone: z.nullable(z.string()),
  }),
});

export interface BookingContact {
  phone: string;
  emergencyContact: string;
  emergencyPhone: string;
  /** The person's access needs, only when they chose to share them with session leaders. */
  accessNeeds: string[];
  accessibilityRequirements: string;
}

export async function fetchBookingContact(signal?: AbortSignal): Promise<BookingContact> {
  const [response, needs] = await Promise.all([
    apiRequest("GET", "/api/user/profile", { ...(signal ? { signal } : {}) }),
    fetchAccessNeeds(signal),
  ]);
  const { profile } = contactSchema.parse(await response.json());
  const shared = needs.shareWithLeader;
  return {
    phone: profile.phone ?? "",
    emergencyContact: profile.emergencyContactName ?? "",
    emergencyPhone: profile.emergencyContactPhone ?? "",
    accessNeeds: shared ? needs.needs : [],
    accessibilityRequirements: shared ? (needs.note ?? "") : "",
  };
}

/**
 * GET /api/user/profile and /api/user/access-needs, read for pre-filling only (kept under /api/user/ so it is
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
