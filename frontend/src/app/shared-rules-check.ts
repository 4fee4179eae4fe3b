/**
 * Type checks only: each list the browser shows with words of its own offers exactly the
 * values the server accepts (src/generated/shared-rules.ts, written from the domain). A value
 * added to or taken from the domain fails `npm run typecheck` here until the list follows.
 */
import type * as rules from "@/generated/shared-rules";
import type { EVENT_CATEGORIES } from "@/features/admin/api/admin-event-schema";
import type { RECIPIENT_GROUPS } from "@/features/admin/api/emails";
import type { FITNESS_LEVELS, GENDERS, HEARD_ABOUT_US } from "@/features/auth/api/auth-schemas";
import type { PAYMENT_METHODS } from "@/features/bookings/api/booking-form-schema";
import type { CONTACT_SUBJECTS } from "@/features/contact/api/send-contact-message";

type Values<T extends readonly { value: string }[]> = T[number]["value"];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

export type SharedRulesHold = [
  Holds<Same<Values<typeof GENDERS>, (typeof rules.GENDERS)[number]>>,
  Holds<Same<Values<typeof FITNESS_LEVELS>, (typeof rules.FITNESS_LEVELS)[number]>>,
  Holds<Same<Values<typeof HEARD_ABOUT_US>, (typeof rules.HOW_DID_YOU_HEAR)[number]>>,
  Holds<Same<Values<typeof PAYMENT_METHODS>, (typeof rules.PAYMENT_METHODS)[number]>>,
  Holds<Same<Values<typeof RECIPIENT_GROUPS>, (typeof rules.RECIPIENT_GROUPS)[number]>>,
  Holds<Same<Values<typeof EVENT_CATEGORIES>, (typeof rules.EVENT_CATEGORIES)[number]>>,
  Holds<Same<Values<typeof CONTACT_SUBJECTS>, (typeof rules.CONTACT_SUBJECTS)[number]>>,
];
