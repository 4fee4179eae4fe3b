import { z } from "zod/mini";
import { instant, oneOf } from "./schema";

/** The spec's recipient groups, then the blog newsletter's confirmed subscribers. */
export const RECIPIENT_GROUPS = [
  { value: "all", label: "All members" },
  { value: "new_joiners", label: "New joiners (last 30 days)" },
  { value: "verified", label: "Verified members" },
  { value: "unverified", label: "Unverified members" },
  { value: "newsletter", label: "Newsletter subscribers" },
] as const;

export type RecipientGroup = (typeof RECIPIENT_GROUPS)[number]["value"];

export const recipientGroupValues = RECIPIENT_GROUPS.map((group) => group.value);

export function recipientGroupLabel(value: string): string {
  return RECIPIENT_GROUPS.find((group) => group.value === value)?.label ?? value;
}

export const campaignSchema = z.object({
  id: z.string(),
  recipientGroup: z.string(),
  subject: z.string(),
  sentBy: z.nullable(z.string()),
  /** The sender's name now (absent for an erased account). */
  sentByName: z.nullable(z.string()),
  createdAt: instant(),
  recipients: z.int(),
  delivered: z.int(),
  failed: z.int(),
  pending: z.int(),
});

export type Campaign = z.infer<typeof campaignSchema>;

export const recipientGroupSchema = oneOf(recipientGroupValues);

export const emailCampaignsQueryKey = ["/api/admin/email-campaigns"] as const;
