import { ACCESS_KEYS, FACT_VALUES } from "@/generated/shared-rules/venues";
/**
 * The venue access facts' keys and answers (what the API sends and `?access=` takes), apart
 * from their words (./access-facts.ts) so the pages that only read or pass keys on do not
 * download every definition. A unit test holds the two lists together.
 */
export { ACCESS_KEYS };

export type AccessKey = (typeof ACCESS_KEYS)[number];

export { FACT_VALUES };
export type FactValue = (typeof FACT_VALUES)[number];

export function isAccessKey(key: string): key is AccessKey {
  return (ACCESS_KEYS as readonly string[]).includes(key);
}
