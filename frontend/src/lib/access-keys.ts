/**
 * The venue access facts' keys and answers (what the API sends and `?access=` takes), apart
 * from their words (./access-facts.ts) so the pages that only read or pass keys on do not
 * download every definition. A unit test holds the two lists together.
 */
export const ACCESS_KEYS = [
  "stepFree",
  "accessibleToilet",
  "changingPlaces",
  "genderNeutralChanging",
  "privateChangingCubicles",
  "quietSpace",
  "hearingLoop",
  "accessibleParking",
  "lift",
  "assistanceDogs",
] as const;

export type AccessKey = (typeof ACCESS_KEYS)[number];

export const FACT_VALUES = ["yes", "no", "unknown"] as const;
export type FactValue = (typeof FACT_VALUES)[number];

export function isAccessKey(key: string): key is AccessKey {
  return (ACCESS_KEYS as readonly string[]).includes(key);
}
