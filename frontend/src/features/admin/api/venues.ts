import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import type { AccessKey, FactValue } from "@/lib/access-keys";
import { venueSchema } from "@/lib/event-schema";
import { refreshAfterEventChange } from "./refresh";

/** A venue as the Venues tab shows it: who checked its facts, retired or not, its sessions. */
export const adminVenueSchema = z.object({
  ...venueSchema.shape,
  accessCheckedBy: z.nullable(z.string()),
  retired: z.boolean(),
  sessions: z.int(),
  upcomingSessions: z.int(),
});

export type AdminVenue = z.infer<typeof adminVenueSchema>;

const venuesSchema = z.object({ venues: z.array(adminVenueSchema) });
const oneSchema = z.object({ venue: adminVenueSchema });

export const adminVenuesPath = "/api/admin/venues";
export const adminVenuesQueryKey = [adminVenuesPath] as const;

/** The fields POST and PATCH /api/admin/venues take. */
export interface VenueFields {
  name: string;
  address: string;
  postcode: string;
  borough: string;
  mapUrl: string;
  nearestStepFreeStation: string;
  transportNotes: string;
  access: Record<AccessKey, FactValue>;
  /** The admin confirms the facts were checked just now. */
  accessChecked: boolean;
}

/** GET /api/admin/venues → {venues}: every venue, retired ones included, by name. */
export async function fetchAdminVenues(signal?: AbortSignal): Promise<AdminVenue[]> {
  const response = await apiRequest("GET", adminVenuesPath, signal ? { signal } : {});
  return venuesSchema.parse(await response.json()).venues;
}

export function useAdminVenues() {
  return useQuery({ queryKey: adminVenuesQueryKey, queryFn: ({ signal }) => fetchAdminVenues(signal) });
}

/** After a venue changed: the venue lists, and every list showing its sessions. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminVenuesQueryKey });
    void queryClient.invalidateQueries({ queryKey: ["/api/venues"] });
    refreshAfterEventChange(queryClient);
  };
}

/** POST /api/admin/venues → 201 {venue}; 400 with a message per field. */
export function useCreateVenue() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (fields: VenueFields) => {
      const response = await apiRequest("POST", adminVenuesPath, { body: fields });
      return oneSchema.parse(await response.json()).venue;
    },
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/venues/{id} with the fields that changed (or `retired`) → {venue}. */
export function useUpdateVenue() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: Partial<VenueFields> & { retired?: boolean } }) => {
      const response = await apiRequest("PATCH", `${adminVenuesPath}/${encodeURIComponent(id)}`, { body: patch });
      return oneSchema.parse(await response.json()).venue;
    },
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/venues/{id} → 204; 409 `venue_in_use` once any session was there. */
export function useDeleteVenue() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `${adminVenuesPath}/${encodeURIComponent(id)}`);
    },
    onSuccess: refresh,
  });
}
