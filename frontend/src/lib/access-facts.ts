import type { AccessKey, FactValue } from "./access-keys";

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
    definition:
      "From the street to the activity space (and the toilets and changing rooms the session uses) there are no steps: level ground, gentle ramps or a lift a person can use independently; doors at least 75 cm clear. One small threshold lip (2 cm or less) still counts.",
  },
  {
    key: "accessibleToilet",
    label: "Accessible toilet",
    summary: "A wheelchair-accessible toilet with grab rails and an alarm cord",
    definition:
      "A wheelchair-accessible toilet: step-free to reach, door at least 75 cm clear, room to turn a wheelchair, grab rails, an alarm cord that reaches the floor.",
  },
  {
    key: "changingPlaces",
    label: "Changing Places toilet",
    summary: "A hoist, an adult-sized changing bench and room for two carers",
    definition:
      "A Changing Places toilet (beyond an accessible toilet): a ceiling hoist, an adult-sized height-adjustable changing bench, space for two carers. Many disabled adults cannot take part in sport without one.",
  },
  {
    key: "genderNeutralChanging",
    label: "Gender-neutral changing",
    summary: "Changing space anyone can use, whatever their gender",
    definition: "Changing space anyone can use whatever their gender, without passing through a gendered room.",
  },
  {
    key: "privateChangingCubicles",
    label: "Private changing cubicles",
    summary: "Lockable single cubicles, so no one has to change in the open",
    definition: "Lockable single cubicles (or rooms) in the changing area, so no one has to change in the open.",
  },
  {
    key: "quietSpace",
    label: "Quiet space",
    summary: "A quiet room away from the noise, open during the session",
    definition:
      "A room or area, away from the activity's noise, where a person can step out to rest or regulate, available during the session.",
  },
  {
    key: "hearingLoop",
    label: "Hearing loop",
    summary: "A working induction loop where instructions are given",
    definition:
      "A working induction loop (fixed or portable) where instructions are given, and staff who know how to switch it on.",
  },
  {
    key: "accessibleParking",
    label: "Accessible parking",
    summary: "Blue Badge bays at the venue or within 50 m on level ground",
    definition: "Marked Blue Badge bays at the venue or within 50 m on level ground.",
  },
  {
    key: "lift",
    label: "Lift",
    summary: "A lift to every level the session uses, no key or staff needed",
    definition:
      "A lift to every level the session uses, usable without a key or staff, with controls at wheelchair height.",
  },
  {
    key: "assistanceDogs",
    label: "Assistance dogs welcome",
    summary: "Assistance dogs welcome everywhere the session uses, with water",
    definition: "Assistance dogs welcome in every space the session uses, with water available.",
  },
] as const satisfies readonly { key: AccessKey; label: string; summary: string; definition: string }[];

export type AccessFact = (typeof ACCESS_FACTS)[number];

/** How a fact's answer reads: "unknown" said plainly, never guessed. */
export const FACT_VALUE_WORDS: Record<FactValue, string> = {
  yes: "Yes",
  no: "No",
  unknown: "Not checked yet",
};

/** Facts checked longer ago than this say so (the server's `ACCESS_CHECK_STALE_DAYS`). */
export const ACCESS_CHECK_STALE_DAYS = 365;

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
