import { z } from "zod/mini";

const sportSummarySchema = z.object({
  category: z.string(),
  eventCount: z.int(),
  /** The distinct areas the sport runs in, alphabetical. */
  areas: z.array(z.string()),
});

/** GET /api/events/summary: the matching events counted, per sport and in all. */
export const eventsSummarySchema = z.object({
  eventCount: z.int(),
  /** Alphabetical; categories differing only in case are one sport. */
  sports: z.array(sportSummarySchema),
  /** The distinct areas of all the matching events, alphabetical. */
  areas: z.array(z.string()),
});

export type SportSummary = z.infer<typeof sportSummarySchema>;
export type EventsSummary = z.infer<typeof eventsSummarySchema>;
