import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  EMPTY_SIGN_UP,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signUpPayload,
  signUpSchema,
  type SignUpInput,
} from "./auth-schemas";

/** The first message for each field, as the form shows them. */
function messages(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    out[key] ??= issue.message;
  }
  return out;
}

const valid: SignUpInput = {
  ...EMPTY_SIGN_UP,
  firstName: " Ana ",
  lastName: "Silva",
  email: " ana@example.org ",
  phone: "07700 900123",
  password: "brisk otter 42",
  confirmPassword: "brisk otter 42",
  address: "1 Mare Street",
  city: "London",
  postcode: "E8 4RP",
  gender: "non-binary",
  fitnessLevel: "beginner",
  howDidYouHear: "friend",
  sportsInterests: ["Football", "Table Tennis"],
  agreeToTerms: true,
};

describe("sign-up form", () => {
  it("gives the spec's message for every required field", () => {
    expect(messages(signUpSchema, EMPTY_SIGN_UP)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      password: "Password must be at least 6 characters",
      address: "Address is required",
      city: "City is required",
      postcode: "Postcode is required",
      gender: "Please select your gender",
      fitnessLevel: "Please select your fitness level",
      howDidYouHear: "Please tell us how you heard about us",
      agreeToTerms: "You must agree to the terms and conditions",
    });
  });

  it("says Passwords don't match under the confirmation", () => {
    expect(messages(signUpSchema, { ...valid, confirmPassword: "brisk otter 43" })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it("says Passwords don't match together with the other fields' errors, not after them", () => {
    expect(messages(signUpSchema, { ...valid, firstName: "", confirmPassword: "brisk otter 43" })).toEqual({
      firstName: "First name is required",
      confirmPassword: "Passwords don't match",
    });
    // A radio group nobody has touched can reach the schema as null, a wrong type.
    expect(
      messages(signUpSchema, { ...EMPTY_SIGN_UP, fitnessLevel: null, password: "brisk otter 42", confirmPassword: "x" }),
    ).toMatchObject({ firstName: "First name is required", confirmPassword: "Passwords don't match" });
  });

  it("checks the optional fields only when filled in", () => {
    expect(messages(signUpSchema, valid)).toEqual({});
    expect(
      messages(signUpSchema, { ...valid, dateOfBirth: "2999-01-01", emergencyContactPhone: "123", sportsInterests: ["Quidditch"] }),
    ).toEqual({
      dateOfBirth: "Please enter a valid date of birth",
      emergencyContactPhone: "Please enter a valid phone number",
      "sportsInterests.0": "Please choose sports from the list",
    });
  });

  it("accepts long passphrases with spaces and any script, up to 128 characters", () => {
    const phrase = "ça va très bien 🎾 ".repeat(6).slice(0, 100);
    expect(messages(signUpSchema, { ...valid, password: phrase, confirmPassword: phrase })).toEqual({});
    const long = "x".repeat(129);
    expect(messages(signUpSchema, { ...valid, password: long, confirmPassword: long })).toEqual({
      password: "Password must be at most 128 characters",
    });
  });

  it("sends the spec's payload: trimmed, blanks as null, without confirmPassword or agreeToTerms", () => {
    const payload = signUpPayload(signUpSchema.parse(valid));
    expect(payload).toEqual({
      firstName: "Ana",
      lastName: "Silva",
      email: "ana@example.org",
      phone: "07700 900123",
      password: "brisk otter 42",
      dateOfBirth: null,
      gender: "non-binary",
      address: "1 Mare Street",
      city: "London",
      postcode: "E8 4RP",
      emergencyContactName: null,
      emergencyContactPhone: null,
      medicalConditions: null,
      fitnessLevel: "beginner",
      sportsInterests: ["Football", "Table Tennis"],
      howDidYouHear: "friend",
      marketingConsent: false,
      accessibilityNeeds: null,
    });
    expect(payload).not.toHaveProperty("confirmPassword");
    expect(payload).not.toHaveProperty("agreeToTerms");
  });
});

describe("login, forgot and reset forms", () => {
  it("login: Invalid email address and the 6-character minimum", () => {
    expect(messages(loginSchema, { email: "nope", password: "12345" })).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
    expect(loginSchema.parse({ email: " ana@example.org ", password: "secret" }).email).toBe("ana@example.org");
  });

  it("forgot password: Invalid email address", () => {
    expect(messages(forgotPasswordSchema, { email: "" })).toEqual({ email: "Invalid email address" });
  });

  it("reset password: the spec's four messages", () => {
    expect(messages(resetPasswordSchema, { token: "", password: "123", confirmPassword: "" })).toEqual({
      token: "Reset token is required",
      password: "Password must be at least 6 characters",
      confirmPassword: "Please confirm your password",
    });
    expect(messages(resetPasswordSchema, { token: "t", password: "123456", confirmPassword: "1234567" })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(messages(resetPasswordSchema, { token: "", password: "brisk otter 42", confirmPassword: "brisk otter 43" })).toEqual({
      token: "Reset token is required",
      confirmPassword: "Passwords don't match",
    });
  });
});
