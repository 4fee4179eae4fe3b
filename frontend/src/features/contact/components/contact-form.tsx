import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { Controller, useForm, type FieldErrors, type Path } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage } from "@/lib/api-client";
import {
  CONTACT_SUBJECTS,
  contactMessageSchema,
  useSendContactMessage,
  type ContactMessage,
  type ContactMessageInput,
} from "../api/send-contact-message";

const EMPTY: ContactMessageInput = { firstName: "", lastName: "", email: "", subject: "", message: "" };
const FIELDS = Object.keys(EMPTY) as Path<ContactMessageInput>[];

function isField(name: string): name is Path<ContactMessageInput> {
  return (FIELDS as string[]).includes(name);
}

/**
 * `subject` chooses a subject from the list to start with (links such as
 * /contact?subject=accessibility); anything else is ignored.
 */
export function ContactForm({ subject }: { subject?: string | null }) {
  const initialSubject = CONTACT_SUBJECTS.some((s) => s.value === subject) ? (subject ?? "") : "";
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { ...EMPTY, subject: initialSubject },
  });
  const send = useSendContactMessage();
  const { errors } = form.formState;

  const onValid = (values: ContactMessage) => {
    send.mutate(values, {
      onSuccess: () => {
        toast.success("Message Sent!", {
          description: "Thank you for contacting us. We'll get back to you within 24 hours.",
        });
        form.reset(EMPTY);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? error.body?.fieldErrors : undefined;
        for (const [name, message] of Object.entries(fieldErrors ?? {})) {
          if (isField(name)) form.setError(name, { type: "server", message });
        }
        toast.error("Error", {
          description: errorMessage(error, "Failed to send message. Please try again."),
        });
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<ContactMessageInput>) => {
    const values = form.getValues();
    if (FIELDS.some((name) => invalid[name] && values[name].trim() === "")) {
      toast.error("Missing Information", { description: "Please fill in all required fields." });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)} className="space-y-5">
      <p className="text-sm text-muted-foreground">
        All fields are required (<span aria-hidden="true" className="text-destructive">*</span>).
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First Name" required error={errors.firstName?.message}>
          {(props) => <Input autoComplete="given-name" {...props} {...form.register("firstName")} />}
        </Field>
        <Field label="Last Name" required error={errors.lastName?.message}>
          {(props) => <Input autoComplete="family-name" {...props} {...form.register("lastName")} />}
        </Field>
      </div>
      <Field label="Email Address" required error={errors.email?.message}>
        {(props) => <Input type="email" autoComplete="email" {...props} {...form.register("email")} />}
      </Field>
      <Field label="Subject" required error={errors.subject?.message}>
        {(props) => (
          <Controller
            control={form.control}
            name="subject"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger {...props} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="Choose a subject" />
                </SelectTrigger>
                <SelectContent>
                  {CONTACT_SUBJECTS.map((subject) => (
                    <SelectItem key={subject.value} value={subject.value}>
                      {subject.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </Field>
      <Field label="Message" required error={errors.message?.message}>
        {(props) => <Textarea rows={6} {...props} {...form.register("message")} />}
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send aria-hidden="true" />
        {send.isPending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
