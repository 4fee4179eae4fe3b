import { afterEach, describe, expect, it } from "vitest";
import { loadCatalogues, startLocale } from "@/lib/i18n/catalogues";
import { bookingFormDefaults, bookingFormSchema, type BookingFormInput } from "./booking-form-schema";

/** The first message for each field, as the form shows them. */
function messages(value: unknown): Record<string, string> {
  const result = bookingFormSchema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

const valid: BookingFormInput = {
  ...bookingFormDefaults({ firstName: " Ana ", lastName: "Silva", email: " ana@example.org " }),
  phone: "07700 900123",
  emergencyContact: "Jo Silva",
  emergencyPhone: "07700 900456",
  agreeToTerms: true,
};

describe("booking form schema", () => {
  it("starts with the spec's defaults: age 18, cash, terms unticked", () => {
    const defaults = bookingFormDefaults();
    expect(defaults.age).toBe(18);
    expect(defaults.paymentMethod).toBe("cash");
    expect(defaults.agreeToTerms).toBe(false);
    expect(defaults.accessibilityRequirements).toBe("");
  });

  it("pre-fills what is known without touching the defaults", () => {
    const defaults = bookingFormDefaults({ firstName: "Ana", phone: "07700 900123", emergencyContact: "Jo" });
    expect(defaults).toMatchObject({ firstName: "Ana", phone: "07700 900123", emergencyContact: "Jo", age: 18, paymentMethod: "cash" });
  });

  it("accepts a complete form and trims the text", () => {
    const result = bookingFormSchema.parse(valid);
    expect(result.firstName).toBe("Ana");
    expect(result.email).toBe("ana@example.org");
  });

  it("gives the spec's message for every empty required field", () => {
    expect(
      messages({
        ...bookingFormDefaults(),
        firstName: "  ",
        age: Number.NaN,
        paymentMethod: "",
      }),
    ).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      phone: "Phone number is required",
      age: "Age is required",
      emergencyContact: "Emergency contact is required",
      emergencyPhone: "Emergency contact phone is required",
      paymentMethod: "Please select a payment method",
      agreeToTerms: "You must agree to the terms and conditions",
    });
  });

  it("checks the age: 1 to 120, whole years", () => {
    expect(messages({ ...valid, age: 0 })).toEqual({ age: "Age is required" });
    expect(messages({ ...valid, age: 121 })).toEqual({ age: "Please enter a valid age" });
    expect(messages({ ...valid, age: 30.5 })).toEqual({ age: "Please enter a valid age" });
    expect(messages({ ...valid, age: 1 })).toEqual({});
    expect(messages({ ...valid, age: 120 })).toEqual({});
  });

  it("takes cash or card only", () => {
    expect(messages({ ...valid, paymentMethod: "card" })).toEqual({});
    expect(messages({ ...valid, paymentMethod: "cheque" })).toEqual({ paymentMethod: "Please select a payment method" });
  });

  it("rejects an invalid email", () => {
    expect(messages({ ...valid, email: "ana@" })).toEqual({ email: "Invalid email address" });
  });

  it("keeps accessibility requirements optional and within the server's 2000 characters", () => {
    expect(messages({ ...valid, accessibilityRequirements: "" })).toEqual({});
    expect(messages({ ...valid, accessibilityRequirements: "é".repeat(2000) })).toEqual({});
    expect(messages({ ...valid, accessibilityRequirements: "a".repeat(2001) })).toEqual({
      accessibilityRequirements: "Must be at most 2000 characters",
    });
  });

  describe("in Arabic", () => {
    afterEach(() => startLocale("en-GB"));

    it("says its messages in the language being read when a field is checked", async () => {
      await loadCatalogues(["app"], "ar");
      await startLocale("ar");
      expect(messages({ ...valid, firstName: "", accessibilityRequirements: "a".repeat(2001) })).toEqual({
        firstName: "اكتب اسمك الأول",
        accessibilityRequirements: "عدد الأحرف المسموح به: 2000 كحد أقصى",
      });
    });
  });
});
