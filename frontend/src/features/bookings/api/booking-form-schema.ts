import { z } from "zod/mini";
import { charCount } from "@/lib/validation";
import { ACCESS_NOTE_MAX_LENGTH, ACCESS_NOTE_TOO_LONG } from "@/lib/access-needs";
import { COMPANION_NAME_CHARS } from "@/generated/shared-rules/bookings";

/** Spec section 5: the booking form's messages. */
export const BOOKING_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Invalid email address",
  phone: "Phone number is required",
  ageRequired: "Age is required",
  ageInvalid: "Please enter a valid age",
  emergencyContact: "Emergency contact is required",
  emergencyPhone: "Emergency contact phone is required",
  paymentMethod: "Please select a payment method",
  agreeToTerms: "You must agree to the terms and conditions",
} as const;

export const PAYMENT_METHODS = [
  { value: "cash", label: "Pay cash on arrival" },
  { value: "card", label: "Pay by card now" },
  { value: "solidarity", label: "Use a free solidarity place" },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

/** Accessibility requirements are kept to what the server accepts (and its words): one limit with a profile's note, so a shared note always fits on a booking. */
export const ACCESSIBILITY_MAX_LENGTH = ACCESS_NOTE_MAX_LENGTH;
export const ACCESSIBILITY_TOO_LONG = ACCESS_NOTE_TOO_LONG;

/** A companion's first name, as long as the server takes. */
export const COMPANION_NAME_MAX_LENGTH = COMPANION_NAME_CHARS;
export const COMPANION_NAME_TOO_LONG = `Must be at most ${COMPANION_NAME_MAX_LENGTH} characters`;

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const bookingFormSchema = z.object({
  firstName: required(BOOKING_MESSAGES.firstName),
  lastName: required(BOOKING_MESSAGES.lastName),
  email: z.pipe(z.string().check(z.trim()), z.email(BOOKING_MESSAGES.email)),
  phone: required(BOOKING_MESSAGES.phone),
  // An empty box reads as NaN: "required", like any missing number.
  age: z.number({ error: BOOKING_MESSAGES.ageRequired }).check(
    z.refine((age) => age >= 1, BOOKING_MESSAGES.ageRequired),
    z.refine((age) => age <= 120 && Number.isInteger(age), BOOKING_MESSAGES.ageInvalid),
  ),
  emergencyContact: required(BOOKING_MESSAGES.emergencyContact),
  emergencyPhone: required(BOOKING_MESSAGES.emergencyPhone),
  paymentMethod: z.string().check(
    z.refine((method) => PAYMENT_METHODS.some((option) => option.value === method), BOOKING_MESSAGES.paymentMethod),
  ),
  accessNeeds: z.array(z.string()),
  accessibilityRequirements: z.string().check(
    z.trim(),
    z.refine((text) => charCount(text) <= ACCESSIBILITY_MAX_LENGTH, ACCESSIBILITY_TOO_LONG),
  ),
  /** A companion comes on a second, free place; their first name is optional. */
  companion: z.boolean(),
  companionName: z.string().check(
    z.trim(),
    z.refine((text) => charCount(text) <= COMPANION_NAME_MAX_LENGTH, COMPANION_NAME_TOO_LONG),
  ),
  agreeToTerms: z.boolean().check(z.refine((value) => value, BOOKING_MESSAGES.agreeToTerms)),
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
