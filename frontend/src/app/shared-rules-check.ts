/**
 * Type checks only: each list the browser shows with words of its own offers exactly the
 * values the server accepts (src/generated/shared-rules/, written from the domain). A value
 * added to or taken from the domain fails `npm run typecheck` here until the list follows.
 */
import type { FITNESS_LEVELS as FITNESS_LEVEL_VALUES, GENDERS as GENDER_VALUES, HOW_DID_YOU_HEAR } from "@/generated/shared-rules/accounts";
import type { PAYMENT_METHODS as PAYMENT_METHOD_VALUES } from "@/generated/shared-rules/bookings";
import type { CONTACT_SUBJECTS as CONTACT_SUBJECT_VALUES, RECIPIENT_GROUPS as RECIPIENT_GROUP_VALUES } from "@/generated/shared-rules/messages";
import type { EVENT_CATEGORIES as EVENT_CATEGORY_VALUES } from "@/generated/shared-rules/sessions";
import type { EVENT_CATEGORIES } from "@/features/admin/api/admin-event-schema";
import type { RECIPIENT_GROUPS } from "@/features/admin/api/emails";
import type { FITNESS_LEVELS, GENDERS, HEARD_ABOUT_US } from "@/features/auth/api/auth-schemas";
import type { PAYMENT_METHODS } from "@/features/bookings/api/booking-form-schema";
import type { CONTACT_SUBJECTS } from "@/features/contact/api/send-contact-message";

type Values<T extends readonly { value: string }[]> = T[number]["value"];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

export type SharedRulesHold = [
  Holds<Same<Values<typeof GENDERS>, (typeof GENDER_VALUES)[number]>>,
  Holds<Same<Values<typeof FITNESS_LEVELS>, (typeof FITNESS_LEVEL_VALUES)[number]>>,
  Holds<Same<Values<typeof HEARD_ABOUT_US>, (typeof HOW_DID_YOU_HEAR)[number]>>,
  Holds<Same<Values<typeof PAYMENT_METHODS>, (typeof PAYMENT_METHOD_VALUES)[number]>>,
  Holds<Same<Values<typeof RECIPIENT_GROUPS>, (typeof RECIPIENT_GROUP_VALUES)[number]>>,
  Holds<Same<Values<typeof EVENT_CATEGORIES>, (typeof EVENT_CATEGORY_VALUES)[number]>>,
  Holds<Same<Values<typeof CONTACT_SUBJECTS>, (typeof CONTACT_SUBJECT_VALUES)[number]>>,
];
