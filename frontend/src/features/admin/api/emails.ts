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

/**
 * Who a bulk email reaches, said before it goes: the newsletter's confirmed subscribers, or
 * the group's members who agreed to marketing email (the server sends to no one else; a
 * member without that consent, unverified or not, gets nothing).
 */
export function bulkEmailAudience(group: RecipientGroup, subject: string): string {
  if (group === "newsletter") {
    return `"${subject}" goes to every confirmed newsletter subscriber, each with a link to leave the newsletter.`;
  }
  const who = recipientGroupLabel(group).replace(/^(\w)/, (first) => first.toLowerCase());
  return `"${subject}" goes only to ${who} who agreed to receive emails from PlaySpace (marketing consent), each with a link to unsubscribe. Those who didn't agree get nothing.`;
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
