import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { profileFormSchema, profileFormValues, type Profile, type ProfileForm as Values } from "../api/profile-schema";
import { useUpdateProfile } from "../api/update-profile";

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-5 border-t pt-6 first:border-t-0 first:pt-0">
      <h3 className="text-lg font-bold">{title}</h3>
      {children}
    </section>
  );
}

/** Name, chosen name and pronouns, contact details and emergency contact (access needs have their own section). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const values = profileFormValues(profile);
  const form = useForm<Values>({ resolver: zodResolver(profileFormSchema), values });
  const { errors, isDirty } = form.formState;
  const { register } = form;

  const onValid = (next: Values) =>
    update.mutate(next, {
      onError: (error) => applyServerFieldErrors(form, error, fieldsOf(values)),
    });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-6">
      <Group title="Your Name">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First Name" required error={errors.firstName?.message}>
            {(props) => <Input autoComplete="given-name" {...props} {...register("firstName")} />}
          </Field>
          <Field label="Last Name" required error={errors.lastName?.message}>
            {(props) => <Input autoComplete="family-name" {...props} {...register("lastName")} />}
          </Field>
          <Field
            label="Chosen Name"
            optional
            hint="The name we greet you by, if it's not your first name."
            error={errors.chosenName?.message}
          >
            {(props) => <Input autoComplete="nickname" {...props} {...register("chosenName")} />}
          </Field>
          <Field label="Pronouns" optional hint="For example she/her, he/him or they/them." error={errors.pronouns?.message}>
            {(props) => <Input autoComplete="off" {...props} {...register("pronouns")} />}
          </Field>
        </div>
      </Group>

      <Group title="Contact Details">
        <div className="grid gap-5 sm:grid-cols-2">
          {/* min-w-0 and break-all: a long address wraps instead of widening the column past a 320 px screen. */}
          <div className="min-w-0 space-y-1.5">
            <p className="text-sm font-semibold">Email Address</p>
            <p className="flex min-h-10 items-center rounded-lg border border-dashed px-3 py-2 text-sm break-all text-muted-foreground">
              {profile.email}
            </p>
            <p className="text-sm text-muted-foreground">To change your email address, contact us.</p>
          </div>
          <Field label="Phone Number" optional error={errors.phone?.message}>
            {(props) => <Input type="tel" autoComplete="tel" {...props} {...register("phone")} />}
          </Field>
        </div>
        <Field label="Address" optional error={errors.address?.message}>
          {(props) => <Input autoComplete="street-address" {...props} {...register("address")} />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="City" optional error={errors.city?.message}>
            {(props) => <Input autoComplete="address-level2" {...props} {...register("city")} />}
          </Field>
          <Field label="Postcode" optional error={errors.postcode?.message}>
            {(props) => <Input autoComplete="postal-code" className="uppercase" {...props} {...register("postcode")} />}
          </Field>
        </div>
      </Group>

      <Group title="Emergency Contact and Health">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Emergency Contact Name" optional error={errors.emergencyContactName?.message}>
            {(props) => <Input autoComplete="off" {...props} {...register("emergencyContactName")} />}
          </Field>
          <Field label="Emergency Contact Phone" optional error={errors.emergencyContactPhone?.message}>
            {(props) => <Input type="tel" autoComplete="off" {...props} {...register("emergencyContactPhone")} />}
          </Field>
        </div>
        <Field label="Medical Conditions" optional error={errors.medicalConditions?.message}>
          {(props) => <Textarea rows={3} className="min-h-20" {...props} {...register("medicalConditions")} />}
        </Field>
      </Group>

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={update.isPending || !isDirty}>
          <Save aria-hidden="true" />
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
