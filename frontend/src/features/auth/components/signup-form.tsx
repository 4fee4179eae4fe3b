import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from "react";
import { Controller, useForm, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { Link, Navigate } from "@/lib/router";
import { useAuth } from "@/lib/auth";
import { site } from "@/lib/site";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import { CheckboxField } from "@/components/ui/choice";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { londonDayKey } from "@/lib/day";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { SPORTS } from "@/lib/sports";
import {
  EMPTY_SIGN_UP,
  FITNESS_LEVELS,
  GENDERS,
  HEARD_ABOUT_US,
  signUpPayload,
  signUpSchema,
  type SignUpInput,
  type SignUpPayload,
  type SignUpValues,
} from "../api/auth-schemas";
import { useRegister } from "../api/register";
import { AuthCard, inlineLinkClass } from "./auth-card";
import { CheckYourInbox, LogInInstead } from "./check-your-inbox";

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-5 border-t pt-8 first:border-t-0 first:pt-0">
      <div>
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

function NewTabLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} target="_blank" rel="noopener" className={inlineLinkClass}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </Link>
  );
}

/**
 * The sign-up form, then 'Check Your Inbox' (the same whether or not the address has an
 * account: ADR 0018). The form stays mounted while the panel shows, so going back to change
 * the address keeps everything typed.
 */
export function SignUp() {
  const auth = useAuth();
  const registration = useRegister();
  const [sent, setSent] = useState<SignUpPayload | null>(null);
  const form = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: EMPTY_SIGN_UP,
  });
  // Back from the panel to change the address: straight to the email field.
  const changingEmail = useRef(false);
  useEffect(() => {
    if (sent === null && changingEmail.current) {
      changingEmail.current = false;
      form.setFocus("email");
    }
  }, [sent, form]);

  if (auth.status === "signedIn" && sent === null && registration.isIdle) return <Navigate to="/" replace />;

  const onValid = (values: SignUpValues) => {
    const payload = signUpPayload(values);
    registration.mutate(payload, {
      onSuccess: () => setSent(payload),
      onError: (error) => applyServerFieldErrors(form, error, fieldsOf(EMPTY_SIGN_UP)),
    });
  };

  // Radix selects are buttons: focus the first invalid one like any other field.
  const onInvalid = (invalid: FieldErrors<SignUpInput>) => {
    const first = (Object.keys(EMPTY_SIGN_UP) as (keyof SignUpInput)[]).find((name) => invalid[name]);
    if (first === "gender" || first === "howDidYouHear") form.setFocus(first);
  };

  return (
    <>
      {sent && (
        <CheckYourInbox
          email={sent.email}
          sendAgain={() => registration.mutateAsync(sent)}
          sending={registration.isPending}
          onChangeEmail={() => {
            changingEmail.current = true;
            registration.reset();
            setSent(null);
          }}
        />
      )}
      <div hidden={sent !== null}>
        <AuthCard
          wide
          icon={UserPlus}
          title="Create Your Account"
          description={`Join ${site.name} to book inclusive sessions across London. It takes about two minutes.`}
          footer={<LogInInstead />}
        >
          <SignUpForm form={form} onSubmit={form.handleSubmit(onValid, onInvalid)} pending={registration.isPending} />
        </AuthCard>
      </div>
    </>
  );
}

interface SignUpFormProps {
  form: UseFormReturn<SignUpInput, unknown, SignUpValues>;
  onSubmit: (event: SyntheticEvent) => Promise<void>;
  pending: boolean;
}

function SignUpForm({ form, onSubmit, pending }: SignUpFormProps) {
  const { errors } = form.formState;
  const { register } = form;
  const today = londonDayKey(new Date());

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-8">
      <p className="text-sm text-muted-foreground">
        Fields marked <span aria-hidden="true" className="text-destructive">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <Section id="signup-account" title="Account Details">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First Name" required error={errors.firstName?.message}>
            {(props) => <Input autoComplete="given-name" {...props} {...register("firstName")} />}
          </Field>
          <Field label="Last Name" required error={errors.lastName?.message}>
            {(props) => <Input autoComplete="family-name" {...props} {...register("lastName")} />}
          </Field>
          <Field label="Email Address" required error={errors.email?.message}>
            {(props) => <Input type="email" autoComplete="email" {...props} {...register("email")} />}
          </Field>
          <Field label="Phone Number" required error={errors.phone?.message}>
            {(props) => <Input type="tel" autoComplete="tel" {...props} {...register("phone")} />}
          </Field>
          <Field
            label="Password"
            required
            hint="At least 6 characters. A short phrase is easy to remember and hard to guess."
            error={errors.password?.message}
          >
            {(props) => <PasswordInput autoComplete="new-password" {...props} {...register("password")} />}
          </Field>
          <Field label="Confirm Password" required error={errors.confirmPassword?.message}>
            {(props) => <PasswordInput autoComplete="new-password" {...props} {...register("confirmPassword")} />}
          </Field>
        </div>
      </Section>

      <Section id="signup-address" title="Address">
        <Field label="Address" required error={errors.address?.message}>
          {(props) => <Input autoComplete="street-address" {...props} {...register("address")} />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="City" required error={errors.city?.message}>
            {(props) => <Input autoComplete="address-level2" {...props} {...register("city")} />}
          </Field>
          <Field label="Postcode" required error={errors.postcode?.message}>
            {(props) => <Input autoComplete="postal-code" className="uppercase" {...props} {...register("postcode")} />}
          </Field>
        </div>
      </Section>

      <Section id="signup-personal" title="Personal Details">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Date of Birth" optional error={errors.dateOfBirth?.message}>
            {(props) => <Input type="date" autoComplete="bday" max={today} {...props} {...register("dateOfBirth")} />}
          </Field>
          <Field label="Gender" required error={errors.gender?.message}>
            {(props) => (
              <Controller
                control={form.control}
                name="gender"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger {...props} ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue placeholder="Select your gender" />
                    </SelectTrigger>
                    <SelectContent>
                      {GENDERS.map((gender) => (
                        <SelectItem key={gender.value} value={gender.value}>
                          {gender.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
        </div>
        <FieldSet legend="Fitness Level" required error={errors.fitnessLevel?.message}>
          <div className="grid gap-3 sm:grid-cols-3">
            {FITNESS_LEVELS.map((level) => (
              <Choice
                key={level.value}
                type="radio"
                value={level.value}
                label={level.label}
                description={level.hint}
                {...register("fitnessLevel")}
              />
            ))}
          </div>
        </FieldSet>
      </Section>

      <Section
        id="signup-emergency"
        title="Emergency Contact (optional)"
        description="Someone we can call if you are unwell or hurt at a session. We only share this with your session leader."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Emergency Contact Name" optional error={errors.emergencyContactName?.message}>
            {(props) => <Input autoComplete="off" {...props} {...register("emergencyContactName")} />}
          </Field>
          <Field label="Emergency Contact Phone" optional error={errors.emergencyContactPhone?.message}>
            {(props) => <Input type="tel" autoComplete="off" {...props} {...register("emergencyContactPhone")} />}
          </Field>
        </div>
        <Field
          label="Medical Conditions"
          optional
          hint="Anything a first aider should know, such as asthma, diabetes or allergies."
          error={errors.medicalConditions?.message}
        >
          {(props) => <Textarea rows={3} className="min-h-20" {...props} {...register("medicalConditions")} />}
        </Field>
      </Section>

      <Section id="signup-additional" title="Additional Information">
        <FieldSet
          legend="Sports Interests"
          optional
          hint="Choose any you'd like to play or try."
          error={errors.sportsInterests?.message}
        >
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {SPORTS.map((sport) => (
              <Choice key={sport} type="checkbox" value={sport} label={sport} {...register("sportsInterests")} />
            ))}
          </div>
        </FieldSet>
        <Field label="How did you hear about us?" required error={errors.howDidYouHear?.message}>
          {(props) => (
            <Controller
              control={form.control}
              name="howDidYouHear"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger {...props} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue placeholder="Choose one" />
                  </SelectTrigger>
                  <SelectContent>
                    {HEARD_ABOUT_US.map((option) => (
                      <SelectItem key={option.value} value={option.value}>
                        {option.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
        <Field
          label="Accessibility Needs"
          optional
          hint="Tell us how we can make sessions work for you, for example step-free access or a quiet space."
          error={errors.accessibilityNeeds?.message}
        >
          {(props) => <Textarea rows={3} className="min-h-20" {...props} {...register("accessibilityNeeds")} />}
        </Field>
        <div className="space-y-3">
          <Choice
            type="checkbox"
            label="Keep me updated"
            description="Occasional emails about new sessions and community news. You can stop them at any time."
            {...register("marketingConsent")}
          />
          <CheckboxField
            label={
              <>
                I agree to the <NewTabLink to="/terms">Terms of Service</NewTabLink> and{" "}
                <NewTabLink to="/privacy">Privacy Policy</NewTabLink>
                <span aria-hidden="true" className="text-destructive">
                  {" "}
                  *
                </span>
              </>
            }
            error={errors.agreeToTerms?.message}
            {...register("agreeToTerms")}
          />
        </div>
      </Section>

      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <UserPlus aria-hidden="true" />
        {pending ? "Creating your account..." : "Create Account"}
      </Button>
    </form>
  );
}
