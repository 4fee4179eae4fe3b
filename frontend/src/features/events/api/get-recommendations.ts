import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { eventSchema, type SportEvent } from "@/lib/event-schema";

/** GET /api/recommendations: the signed-in person's best matches (the API's `score` is dropped). */
export const recommendationsQueryKey = ["/api/recommendations"] as const;

const recommendationsSchema = z.array(eventSchema);

function parseRecommendations(data: unknown): SportEvent[] {
  return recommendationsSchema.parse(data);
}

/**
 * Unlike the site's other queries this one goes stale at once: saving preferences or
 * booking a place changes it, and the home page asks again whenever it is shown.
 */
export function useRecommendations() {
  return useQuery({
    queryKey: recommendationsQueryKey,
    select: parseRecommendations,
    staleTime: 0,
  });
}
