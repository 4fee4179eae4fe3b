import { z } from "zod/mini";
import { MAX_AGE_YEARS, MIN_AGE_YEARS, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, PHONE_MAX_CHARS, PHONE_MIN_CHARS, PHONE_MIN_DIGITS, PHONE_SEPARATORS } from "@/generated/shared-rules/accounts";
import { isDayKey } from "./day";

/** Spec section 5's messages. The server checks the same rules and answers with the same words. */
export const MESSAGES = {
  invalidEmail: "Invalid email address",
  signUpEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  confirmPassword: "Please confirm your password",
  passwordsDontMatch: "Passwords don't match",
  firstName: "First name is required",
  lastName: "Last name is required",
  phone: "Please enter a valid phone number",
  address: "Address is required",
  city: "City is required",
  postcode: "Postcode is required",
  gender: "Please select your gender",
  fitnessLevel: "Please select your fitness level",
  howDidYouHear: "Please tell us how you heard about us",
  dateOfBirth: "Please enter a valid date of birth",
  agreeToTerms: "You must agree to the terms and conditions",
  resetToken: "Reset token is required",
} as const;

/** Characters as people (and the server) count them: code points, not UTF-16 units. */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** Passwords: 6 to 128 characters, anything allowed (spaces, any script). Never trimmed. */
export const newPassword = () =>
  z.string().check(
    z.minLength(PASSWORD_MIN_CHARS, MESSAGES.passwordTooShort),
    z.refine((value) => charCount(value) <= PASSWORD_MAX_CHARS, MESSAGES.passwordTooLong),
  );

/** At least 10 characters of digits and + - ( ) . or spaces, at most 20, 7 of them digits: the server's rule. */
export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  const digits = text.replace(/\D/g, "").length;
  const allowed = Array.from(text).every((c) => (c >= "0" && c <= "9") || PHONE_SEPARATORS.includes(c));
  const length = charCount(text);
  return length >= PHONE_MIN_CHARS && length <= PHONE_MAX_CHARS && allowed && digits >= PHONE_MIN_DIGITS;
}

/** An ISO day between 1 and 120 years before `today` (the spec's age range). */
export function isDateOfBirth(value: string, today: Date = new Date()): boolean {
  if (!isDayKey(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const beforeBirthday =
    today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  const age = today.getFullYear() - y - (beforeBirthday ? 1 : 0);
  return age >= MIN_AGE_YEARS && age <= MAX_AGE_YEARS;
}
