import type { AccessKey } from "./access-keys";

/**
 * What each access fact's "yes" promises, in full (shared/access-facts.md): the event page
 * loads these when a person opens "What … means", so a visitor's first download carries only
 * the facts' names and summaries (./access-facts.ts). The server's words are
 * crates/domain/src/venue.rs; crates/api/tests/http/venues.rs holds the two together.
 */
export const ACCESS_FACT_DEFINITIONS: Record<AccessKey, string> = {
  stepFree:
    "From the street to the activity space (and the toilets and changing rooms the session uses) there are no steps: level ground, gentle ramps or a lift a person can use independently; doors at least 75 cm clear. One small threshold lip (2 cm or less) still counts.",
  accessibleToilet:
    "A wheelchair-accessible toilet: step-free to reach, door at least 75 cm clear, room to turn a wheelchair, grab rails, an alarm cord that reaches the floor.",
  changingPlaces:
    "A Changing Places toilet (beyond an accessible toilet): a ceiling hoist, an adult-sized height-adjustable changing bench, space for two carers. Many disabled adults cannot take part in sport without one.",
  genderNeutralChanging:
    "Changing space anyone can use whatever their gender, without passing through a gendered room.",
  privateChangingCubicles:
    "Lockable single cubicles (or rooms) in the changing area, so no one has to change in the open.",
  quietSpace:
    "A room or area, away from the activity's noise, where a person can step out to rest or regulate, available during the session.",
  hearingLoop:
    "A working induction loop (fixed or portable) where instructions are given, and staff who know how to switch it on.",
  accessibleParking:
    "Marked Blue Badge bays at the venue or within 50 m on level ground.",
  lift:
    "A lift to every level the session uses, usable without a key or staff, with controls at wheelchair height.",
  assistanceDogs:
    "Assistance dogs welcome in every space the session uses, with water available.",
};
