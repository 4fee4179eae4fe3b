import { z } from "zod/mini";
import { SPORTS } from "@/lib/sports";
import { isDateOfBirth, isPhoneNumber, MESSAGES, newPassword } from "@/lib/validation";

export { MESSAGES };

export const GENDERS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "non-binary", label: "Non-binary" },
  { value: "prefer-not-to-say", label: "Prefer not to say" },
  { value: "other", label: "Other" },
] as const;

export const FITNESS_LEVELS = [
  { value: "beginner", label: "Beginner", hint: "New to sport or getting back into it" },
  { value: "intermediate", label: "Intermediate", hint: "Active now and then" },
  { value: "advanced", label: "Advanced", hint: "Training or playing regularly" },
] as const;

export const HEARD_ABOUT_US = [
  { value: "search", label: "Search engine" },
  { value: "social-media", label: "Social media" },
  { value: "friend", label: "Friend or family" },
  { value: "advertisement", label: "Advertisement" },
  { value: "website", label: "Website" },
  { value: "other", label: "Other" },
] as const;

const values = (options: readonly { value: string }[]): string[] => options.map((o) => o.value);

const trimmed = () => z.string().check(z.trim());
const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));
const oneOf = (allowed: readonly string[], message: string) =>
  z.string().check(z.refine((value) => allowed.includes(value), message));

/**
 * 'Passwords don't match' on confirmPassword. A check on the whole form normally runs only
 * when every field has passed; this one runs whenever both passwords are text, so the
 * mismatch shows in the same submit as the other fields' errors.
 */
function passwordsMatch() {
  return z.refine<{ password: string; confirmPassword: string }>((form) => form.password === form.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ["confirmPassword"],
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof form?.password === "string" && typeof form.confirmPassword === "string";
    },
  });
}

export const loginSchema = z.object({
  email: z.pipe(trimmed(), z.email(MESSAGES.invalidEmail)),
  password: z.string().check(z.minLength(6, MESSAGES.passwordTooShort)),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: z.pipe(trimmed(), z.email(MESSAGES.invalidEmail)),
});
export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().check(z.minLength(1, MESSAGES.resetToken)),
    password: newPassword(),
    confirmPassword: z.string().check(z.minLength(6, MESSAGES.confirmPassword)),
  })
  .check(passwordsMatch());
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

/** The sign-up form: the spec's five sections plus confirmPassword and agreeToTerms. */
export const signUpSchema = z
  .object({
    firstName: required(MESSAGES.firstName),
    lastName: required(MESSAGES.lastName),
    email: z.pipe(trimmed(), z.email(MESSAGES.signUpEmail)),
    phone: trimmed().check(z.refine(isPhoneNumber, MESSAGES.phone)),
    password: newPassword(),
    confirmPassword: z.string(),
    address: required(MESSAGES.address),
    city: required(MESSAGES.city),
    postcode: required(MESSAGES.postcode),
    dateOfBirth: trimmed().check(z.refine((v) => v === "" || isDateOfBirth(v), MESSAGES.dateOfBirth)),
    gender: oneOf(values(GENDERS), MESSAGES.gender),
    fitnessLevel: oneOf(values(FITNESS_LEVELS), MESSAGES.fitnessLevel),
    emergencyContactName: trimmed(),
    emergencyContactPhone: trimmed().check(z.refine((v) => v === "" || isPhoneNumber(v), MESSAGES.phone)),
    medicalConditions: trimmed(),
    sportsInterests: z.array(oneOf(SPORTS, "Please choose sports from the list")),
    howDidYouHear: oneOf(values(HEARD_ABOUT_US), MESSAGES.howDidYouHear),
    accessibilityNeeds: trimmed(),
    marketingConsent: z.boolean(),
    agreeToTerms: z.boolean().check(z.refine((v) => v, MESSAGES.agreeToTerms)),
  })
  .check(passwordsMatch());
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;

export const EMPTY_SIGN_UP: SignUpInput = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  password: "",
  confirmPassword: "",
  address: "",
  city: "",
  postcode: "",
  dateOfBirth: "",
  gender: "",
  fitnessLevel: "",
  emergencyContactName: "",
  emergencyContactPhone: "",
  medicalConditions: "",
  sportsInterests: [],
  howDidYouHear: "",
  accessibilityNeeds: "",
  marketingConsent: false,
  agreeToTerms: false,
};

const orNull = (value: string) => (value === "" ? null : value);

/** The spec's sign-up payload: confirmPassword and agreeToTerms stay in the browser. */
export function signUpPayload(form: SignUpValues) {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phone: form.phone,
    password: form.password,
    dateOfBirth: orNull(form.dateOfBirth),
    gender: form.gender,
    address: form.address,
    city: form.city,
    postcode: form.postcode,
    emergencyContactName: orNull(form.emergencyContactName),
    emergencyContactPhone: orNull(form.emergencyContactPhone),
    medicalConditions: orNull(form.medicalConditions),
    fitnessLevel: form.fitnessLevel,
    sportsInterests: form.sportsInterests,
    howDidYouHear: form.howDidYouHear,
    marketingConsent: form.marketingConsent,
    accessibilityNeeds: orNull(form.accessibilityNeeds),
  };
}
export type SignUpPayload = ReturnType<typeof signUpPayload>;
