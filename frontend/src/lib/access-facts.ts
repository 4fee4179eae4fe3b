import type { AccessKey, FactValue } from "./access-keys";
import { ACCESS_CHECK_STALE_DAYS } from "@/generated/shared-rules/venues";

export { ACCESS_KEYS, FACT_VALUES, isAccessKey, type AccessKey, type FactValue } from "./access-keys";

/**
 * The venue access facts (shared/access-facts.md), as members read them, in the order of
 * ./access-keys.ts. The server's list
 * is crates/domain/src/venue.rs (`AccessFact`): a test there (crates/api/tests/http/venues.rs)
 * holds this copy to it, key by key and word by word.
 */
export const ACCESS_FACTS = [
  {
    key: "stepFree",
    label: "Step-free access",
    summary: "Level from the street to the activity space, toilets and changing rooms",
  },
  {
    key: "accessibleToilet",
    label: "Accessible toilet",
    summary: "A wheelchair-accessible toilet with grab rails and an alarm cord",
  },
  {
    key: "changingPlaces",
    label: "Changing Places toilet",
    summary: "A hoist, an adult-sized changing bench and room for two carers",
  },
  {
    key: "genderNeutralChanging",
    label: "Gender-neutral changing",
    summary: "Changing space anyone can use, whatever their gender",
  },
  {
    key: "privateChangingCubicles",
    label: "Private changing cubicles",
    summary: "Lockable single cubicles, so no one has to change in the open",
  },
  {
    key: "quietSpace",
    label: "Quiet space",
    summary: "A quiet room away from the noise, open during the session",
  },
  {
    key: "hearingLoop",
    label: "Hearing loop",
    summary: "A working induction loop where instructions are given",
  },
  {
    key: "accessibleParking",
    label: "Accessible parking",
    summary: "Blue Badge bays at the venue or within 50 m on level ground",
  },
  {
    key: "lift",
    label: "Lift",
    summary: "A lift to every level the session uses, no key or staff needed",
  },
  {
    key: "assistanceDogs",
    label: "Assistance dogs welcome",
    summary: "Assistance dogs welcome everywhere the session uses, with water",
  },
] as const satisfies readonly { key: AccessKey; label: string; summary: string }[];

export type AccessFact = (typeof ACCESS_FACTS)[number];

/** How a fact's answer reads: "unknown" said plainly, never guessed. */
export const FACT_VALUE_WORDS: Record<FactValue, string> = {
  yes: "Yes",
  no: "No",
  unknown: "Not checked yet",
};

/** Facts checked longer ago than this say so. */
export { ACCESS_CHECK_STALE_DAYS };

/**
 * "Access checked in March 2026", saying so when that was over a year ago, or that it
 * never was.
 */
export function accessCheckedLine(checkedAt: string | null, now: Date = new Date()): string {
  if (!checkedAt) return "These access details have not been checked yet: ask us before you come.";
  const at = new Date(checkedAt);
  const month = at.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "Europe/London" });
  const stale = now.getTime() - at.getTime() > ACCESS_CHECK_STALE_DAYS * 86_400_000;
  return stale
    ? `Access checked in ${month}, over a year ago: things may have changed, so ask us before you come.`
    : `Access checked in ${month}.`;
}
