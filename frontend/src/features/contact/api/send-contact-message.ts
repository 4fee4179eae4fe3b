import { useMutation } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";

export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Enquiry" },
  { value: "membership", label: "Membership" },
  { value: "events", label: "Events & Bookings" },
  { value: "accessibility", label: "Accessibility" },
  { value: "partnership", label: "Partnership" },
  { value: "feedback", label: "Feedback" },
] as const;

const subjectValues = CONTACT_SUBJECTS.map((subject) => subject.value) as readonly string[];

/** The contact form; every field is required (spec section 5). */
const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const contactMessageSchema = z.object({
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: z.pipe(required("Email is required"), z.email("Invalid email address")),
  subject: required("Subject is required").check(
    z.refine((value) => subjectValues.includes(value), "Please choose a subject from the list"),
  ),
  message: required("Message is required"),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

const responseSchema = z.object({ message: z.string() });

/** POST /api/contact: 201 {message}; 400 with fieldErrors; 429 when sent too often. */
export async function sendContactMessage(message: ContactMessage): Promise<{ message: string }> {
  const response = await apiRequest("POST", "/api/contact", { body: message });
  return responseSchema.parse(await response.json());
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
