import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { z } from "zod/mini";
import { i18n } from "@/lib/i18n/catalogues";
import { charCount } from "@/lib/validation";
import { ACCESS_NOTE_MAX_LENGTH, accessNoteTooLong } from "@/lib/access-needs";
import { COMPANION_NAME_CHARS } from "@/generated/shared-rules/bookings";

/**
 * Spec section 5: the booking form's messages, read in the reader's language when a field
 * is checked (`said` below), so a message shows in the language of the page.
 */
export const BOOKING_MESSAGES = {
  firstName: msg`First name is required`,
  lastName: msg`Last name is required`,
  email: msg`Invalid email address`,
  phone: msg`Phone number is required`,
  ageRequired: msg`Age is required`,
  ageInvalid: msg`Please enter a valid age`,
  emergencyContact: msg`Emergency contact is required`,
  emergencyPhone: msg`Emergency contact phone is required`,
  paymentMethod: msg`Please select a payment method`,
  agreeToTerms: msg`You must agree to the terms and conditions`,
} as const satisfies Record<string, MessageDescriptor>;

/** A zod check's message, translated when the check fails. */
const said = (message: MessageDescriptor) => ({ error: () => i18n._(message) });

/** How a person can pay; `label` is read with `i18n._`. */
export const PAYMENT_METHODS = [
  { value: "cash", label: msg`Pay cash on arrival` },
  { value: "card", label: msg`Pay by card now` },
  { value: "solidarity", label: msg`Use a free solidarity place` },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

/** Accessibility requirements are kept to what the server accepts (and its words): one limit with a profile's note, so a shared note always fits on a booking. */
export const ACCESSIBILITY_MAX_LENGTH = ACCESS_NOTE_MAX_LENGTH;
export const accessibilityTooLong = accessNoteTooLong;

/** A companion's first name, as long as the server takes. */
export const COMPANION_NAME_MAX_LENGTH = COMPANION_NAME_CHARS;
export function companionNameTooLong(): string {
  const max = COMPANION_NAME_MAX_LENGTH;
  return t`Must be at most ${max} characters`;
}

const required = (message: MessageDescriptor) => z.string().check(z.trim(), z.minLength(1, said(message)));

export const bookingFormSchema = z.object({
  firstName: required(BOOKING_MESSAGES.firstName),
  lastName: required(BOOKING_MESSAGES.lastName),
  email: z.pipe(z.string().check(z.trim()), z.email(said(BOOKING_MESSAGES.email))),
  phone: required(BOOKING_MESSAGES.phone),
  // An empty box reads as NaN: "required", like any missing number.
  age: z.number(said(BOOKING_MESSAGES.ageRequired)).check(
    z.refine((age) => age >= 1, said(BOOKING_MESSAGES.ageRequired)),
    z.refine((age) => age <= 120 && Number.isInteger(age), said(BOOKING_MESSAGES.ageInvalid)),
  ),
  emergencyContact: required(BOOKING_MESSAGES.emergencyContact),
  emergencyPhone: required(BOOKING_MESSAGES.emergencyPhone),
  paymentMethod: z.string().check(
    z.refine((method) => PAYMENT_METHODS.some((option) => option.value === method), said(BOOKING_MESSAGES.paymentMethod)),
  ),
  accessNeeds: z.array(z.string()),
  accessibilityRequirements: z.string().check(
    z.trim(),
    z.refine((text) => charCount(text) <= ACCESSIBILITY_MAX_LENGTH, { error: accessibilityTooLong }),
  ),
  /** A companion comes on a second, free place; their first name is optional. */
  companion: z.boolean(),
  companionName: z.string().check(
    z.trim(),
    z.refine((text) => charCount(text) <= COMPANION_NAME_MAX_LENGTH, { error: companionNameTooLong }),
  ),
  agreeToTerms: z.boolean().check(z.refine((value) => value, said(BOOKING_MESSAGES.agreeToTerms))),
});

export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;

/** What we already know about the person, to save them typing. */
export interface KnownDetails {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  emergencyContact?: string | undefined;
  emergencyPhone?: string | undefined;
  /** Filled in only from needs the person chose to share with session leaders. */
  accessNeeds?: string[] | undefined;
  accessibilityRequirements?: string | undefined;
}

/** What the form starts with: the spec's defaults (age 18, cash) plus what we know of the person. */
export function bookingFormDefaults(known: KnownDetails = {}): BookingFormInput {
  return {
    firstName: known.firstName ?? "",
    lastName: known.lastName ?? "",
    email: known.email ?? "",
    phone: known.phone ?? "",
    age: 18,
    emergencyContact: known.emergencyContact ?? "",
    emergencyPhone: known.emergencyPhone ?? "",
    paymentMethod: "cash",
    accessNeeds: known.accessNeeds ?? [],
    accessibilityRequirements: known.accessibilityRequirements ?? "",
    companion: false,
    companionName: "",
    agreeToTerms: false,
  };
}
