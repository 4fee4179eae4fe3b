import { z } from "zod/mini";
import { isPhoneNumber, MESSAGES } from "@/lib/validation";

const text = () => z.nullable(z.string());

/** GET /api/user/profile → {profile}: everything the person told us (null where blank). */
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  chosenName: text(),
  pronouns: text(),
  email: z.string(),
  phone: text(),
  dateOfBirth: text(),
  gender: text(),
  address: text(),
  city: text(),
  postcode: text(),
  emergencyContactName: text(),
  emergencyContactPhone: text(),
  medicalConditions: text(),
  fitnessLevel: text(),
  sportsInterests: z.array(z.string()),
  howDidYouHear: text(),
  marketingConsent: z.boolean(),
});
export type Profile = z.output<typeof profileSchema>;

const trimmed = () => z.string().check(z.trim());
const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));
const optionalPhone = () =>
  trimmed().check(z.refine((value) => value === "" || isPhoneNumber(value), MESSAGES.phone));

/** What the profile page can change (PUT /api/user/profile); email and role are not among it. */
export const profileFormSchema = z.object({
  firstName: required(MESSAGES.firstName),
  lastName: required(MESSAGES.lastName),
  chosenName: trimmed(),
  pronouns: trimmed(),
  phone: optionalPhone(),
  address: trimmed(),
  city: trimmed(),
  postcode: trimmed(),
  emergencyContactName: trimmed(),
  emergencyContactPhone: optionalPhone(),
  medicalConditions: trimmed(),
});
export type ProfileForm = z.output<typeof profileFormSchema>;

export function profileFormValues(profile: Profile): ProfileForm {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    chosenName: profile.chosenName ?? "",
    pronouns: profile.pronouns ?? "",
    phone: profile.phone ?? "",
    address: profile.address ?? "",
    city: profile.city ?? "",
    postcode: profile.postcode ?? "",
    emergencyContactName: profile.emergencyContactName ?? "",
    emergencyContactPhone: profile.emergencyContactPhone ?? "",
    medicalConditions: profile.medicalConditions ?? "",
  };
}
