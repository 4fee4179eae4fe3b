import { msg, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { currentLocale } from "./i18n/catalogues";
import { intlLocale } from "./i18n/locales";
import type { AccessKey, FactValue } from "./access-keys";
import { ACCESS_CHECK_STALE_DAYS } from "@/generated/shared-rules/venues";

export { ACCESS_KEYS, FACT_VALUES, isAccessKey, type AccessKey, type FactValue } from "./access-keys";

/**
 * The venue access facts (shared/access-facts.md), as members read them, in the order of
 * ./access-keys.ts. The server's list
 * is crates/domain/src/venue.rs (`AccessFact`): a test there (crates/api/tests/http/venues.rs)
 * holds this copy to it, key by key and word by word (hence `msg({ message: "..." })`, the
 * English in quotes). The words are read through the catalogues: `i18n._(fact.label)`.
 */
export const ACCESS_FACTS = [
  {
    key: "stepFree",
    label: msg({ message: "Step-free access" }),
    summary: msg({ message: "Level from the street to the activity space, toilets and changing rooms" }),
    definition:
      msg({ message: "From the street to the activity space (and the toilets and changing rooms the session uses) there are no steps: level ground, gentle ramps or a lift a person can use independently; doors at least 75 cm clear. One small threshold lip (2 cm or less) still counts." }),
  },
  {
    key: "accessibleToilet",
    label: msg({ message: "Accessible toilet" }),
    summary: msg({ message: "A wheelchair-accessible toilet with grab rails and an alarm cord" }),
    definition:
      msg({ message: "A wheelchair-accessible toilet: step-free to reach, door at least 75 cm clear, room to turn a wheelchair, grab rails, an alarm cord that reaches the floor." }),
  },
  {
    key: "changingPlaces",
    label: msg({ message: "Changing Places toilet" }),
    summary: msg({ message: "A hoist, an adult-sized changing bench and room for two carers" }),
    definition:
      msg({ message: "A Changing Places toilet (beyond an accessible toilet): a ceiling hoist, an adult-sized height-adjustable changing bench, space for two carers. Many disabled adults cannot take part in sport without one." }),
  },
  {
    key: "genderNeutralChanging",
    label: msg({ message: "Gender-neutral changing" }),
    summary: msg({ message: "Changing space anyone can use, whatever their gender" }),
    definition: msg({ message: "Changing space anyone can use whatever their gender, without passing through a gendered room." }),
  },
  {
    key: "privateChangingCubicles",
    label: msg({ message: "Private changing cubicles" }),
    summary: msg({ message: "Lockable single cubicles, so no one has to change in the open" }),
    definition: msg({ message: "Lockable single cubicles (or rooms) in the changing area, so no one has to change in the open." }),
  },
  {
    key: "quietSpace",
    label: msg({ message: "Quiet space" }),
    summary: msg({ message: "A quiet room away from the noise, open during the session" }),
    definition:
      msg({ message: "A room or area, away from the activity's noise, where a person can step out to rest or regulate, available during the session." }),
  },
  {
    key: "hearingLoop",
    label: msg({ message: "Hearing loop" }),
    summary: msg({ message: "A working induction loop where instructions are given" }),
    definition:
      msg({ message: "A working induction loop (fixed or portable) where instructions are given, and staff who know how to switch it on." }),
  },
  {
    key: "accessibleParking",
    label: msg({ message: "Accessible parking" }),
    summary: msg({ message: "Blue Badge bays at the venue or within 50 m on level ground" }),
    definition: msg({ message: "Marked Blue Badge bays at the venue or within 50 m on level ground." }),
  },
  {
    key: "lift",
    label: msg({ message: "Lift" }),
    summary: msg({ message: "A lift to every level the session uses, no key or staff needed" }),
    definition:
      msg({ message: "A lift to every level the session uses, usable without a key or staff, with controls at wheelchair height." }),
  },
  {
    key: "assistanceDogs",
    label: msg({ message: "Assistance dogs welcome" }),
    summary: msg({ message: "Assistance dogs welcome everywhere the session uses, with water" }),
    definition: msg({ message: "Assistance dogs welcome in every space the session uses, with water available." }),
  },
] as const satisfies readonly {
  key: AccessKey;
  label: MessageDescriptor;
  summary: MessageDescriptor;
  definition: MessageDescriptor;
}[];

export type AccessFact = (typeof ACCESS_FACTS)[number];

/** How a fact's answer reads: "unknown" said plainly, never guessed. */
export const FACT_VALUE_WORDS: Record<FactValue, MessageDescriptor> = {
  yes: msg`Yes`,
  no: msg`No`,
  unknown: msg`Not checked yet`,
};

/** Facts checked longer ago than this say so. */
export { ACCESS_CHECK_STALE_DAYS };

/**
 * "Access checked in March 2026", saying so when that was over a year ago, or that it
 * never was.
 */
export function accessCheckedLine(checkedAt: string | null, now: Date = new Date()): string {
  if (!checkedAt) return t`These access details have not been checked yet: ask us before you come.`;
  const at = new Date(checkedAt);
  const month = at.toLocaleDateString(intlLocale(currentLocale()), {
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });
  const stale = now.getTime() - at.getTime() > ACCESS_CHECK_STALE_DAYS * 86_400_000;
  return stale
    ? t`Access checked in ${month}, over a year ago: things may have changed, so ask us before you come.`
    : t`Access checked in ${month}.`;
}
