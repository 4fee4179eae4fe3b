import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { Lock } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Controller, useForm, useWatch, type FieldErrors } from "react-hook-form";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { freePlacesLine, isFull, type SportEvent } from "@/lib/event-schema";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import {
  bookingFormDefaults,
  bookingFormSchema,
  COMPANION_NAME_MAX_LENGTH,
  PAYMENT_METHODS,
  type BookingFormInput,
  type PaymentMethod,
  type BookingFormValues,
  type KnownDetails,
} from "../api/booking-form-schema";
import type { Booking } from "../api/booking-schema";
import { useCreateBooking, type CompanionChoice } from "../api/create-booking";
import { goToCheckout, useCreateCheckoutSession } from "../api/create-checkout-session";
import { bookingFailure, BOOKING_TOAST_ID, isMonthlyLimit, paymentSetupFailure, showBookedToast } from "../lib/messages";
import { formatPriceOrFree, isFreePrice } from "../lib/price";
import BookingRefusal, { type Refusal } from "./booking-refusal";
import { TermsCheckbox } from "./terms-checkbox";
import { AccessConsentNote } from "./booking-request-fields";
import { AccessNeedsChoices } from "@/components/access-needs-choices";

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t pt-6 first:border-t-0 first:pt-0">
      <h3 className="text-lg font-bold">{title}</h3>
      {children}
    </section>
  );
}

/** The fields top to bottom, for moving focus to the first one with an error. */
const FIELD_ORDER = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "age",
  "emergencyContact",
  "emergencyPhone",
  "accessNeeds",
  "accessibilityRequirements",
  "companionName",
  "paymentMethod",
  "agreeToTerms",
] as const satisfies readonly (keyof BookingFormInput)[];

const PAYMENT_HINTS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Pay at the session. We'll confirm your place straight away.`,
  card: msg`Pay securely online now. You'll go to our secure payment page.`,
  solidarity: msg`Free, no questions asked. Our Supporters fund these places so everyone can play.`,
};

interface BookingFormProps {
  event: SportEvent;
  known: KnownDetails;
  /** A cash (or free) booking was confirmed. */
  onBooked: (booking: Booking) => void;
}

/**
 * The booking page's form (spec section 5). Cash and a free solidarity place book at once;
 * card holds a place and sends the browser to the checkout. Where the session allows, a
 * companion comes on a second, free place (ADR 0022). A refusal is a 'Booking Failed' toast and an alert by
 * the button, with the form kept as it was.
 */
export function BookingForm({ event, known, onBooked }: BookingFormProps) {
  const { user } = useAuth();
  const { t, i18n } = useLingui();
  const defaults = bookingFormDefaults(known);
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: defaults,
    // Focus goes to the first invalid field on screen (see onInvalid), not in registration order.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const { register } = form;
  const create = useCreateBooking();
  const checkout = useCreateCheckoutSession();
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const free = isFreePrice(event.price);
  const full = isFull(event);
  const pending = create.isPending || checkout.isPending || redirecting;
  const price = formatPriceOrFree(event.price);
  // Solidarity places are offered on paid sessions while any are left.
  const solidarityOffered = !free && event.solidarityPlacesLeft > 0;
  const methods = PAYMENT_METHODS.filter((method) => method.value !== "solidarity" || solidarityOffered);
  const companionOf = (values: BookingFormValues): CompanionChoice | undefined =>
    event.companionAllowed && values.companion ? { name: values.companionName } : undefined;

  const fail = (title: string, message: string, error: unknown) => {
    setFailure({ title, message, upgrade: isMonthlyLimit(error) });
    // After the button re-enables, put the reader on the reason.
    window.setTimeout(() => failureRef.current?.focus(), 0);
  };

  const bookCash = (values: BookingFormValues, solidarity = false) => {
    if (!user) return;
    create.mutate(
      {
        userId: user.id,
        eventId: event.id,
        accessNeeds: values.accessNeeds,
        accessibilityRequirements: values.accessibilityRequirements,
        companion: companionOf(values),
        solidarity,
      },
      {
        onSuccess: (booking) => {
          showBookedToast(booking.reference);
          onBooked(booking);
        },
        onError: (error) => {
          applyServerFieldErrors(form, error, fieldsOf(defaults));
          fail(t`Booking Failed`, bookingFailure(error), error);
        },
      },
    );
  };

  const payByCard = (values: BookingFormValues) => {
    checkout.mutate(
      {
        eventId: event.id,
        accessNeeds: values.accessNeeds,
        accessibilityRequirements: values.accessibilityRequirements,
        companion: companionOf(values),
      },
      {
        onSuccess: (session) => {
          try {
            setRedirecting(true);
            goToCheckout(session);
          } catch (error) {
            setRedirecting(false);
            fail(t`Payment Setup Failed`, paymentSetupFailure(error), error);
          }
        },
        onError: (error) => {
          // A session that turned free needs no payment: book it as cash.
          if (error instanceof ApiError && error.body?.code === "payment_not_required") return bookCash(values);
          applyServerFieldErrors(form, error, fieldsOf(defaults));
          fail(t`Payment Setup Failed`, paymentSetupFailure(error), error);
        },
      },
    );
  };

  const onValid = (values: BookingFormValues) => {
    setFailure(null);
    toast.dismiss(BOOKING_TOAST_ID);
    if (values.paymentMethod === "card" && !free) payByCard(values);
    else bookCash(values, values.paymentMethod === "solidarity" && solidarityOffered);
  };

  const onInvalid = (invalid: FieldErrors<BookingFormInput>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    if (first) form.setFocus(first);
  };

  const paymentMethod = useWatch({ control: form.control, name: "paymentMethod" });
  const companion = useWatch({ control: form.control, name: "companion" });
  const costsNothing = free || (paymentMethod === "solidarity" && solidarityOffered);

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)} className="space-y-6" aria-busy={pending}>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Fields marked <span aria-hidden="true" className="text-destructive">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </Trans>
      </p>

      <Group title={t`Your Details`}>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t`First Name`} required error={errors.firstName?.message}>
            {(props) => <Input autoComplete="given-name" {...props} {...register("firstName")} />}
          </Field>
          <Field label={t`Last Name`} required error={errors.lastName?.message}>
            {(props) => <Input autoComplete="family-name" {...props} {...register("lastName")} />}
          </Field>
          <Field label={t`Email Address`} required error={errors.email?.message}>
            {(props) => <Input type="email" autoComplete="email" {...props} {...register("email")} />}
          </Field>
          <Field label={t`Phone Number`} required error={errors.phone?.message}>
            {(props) => <Input type="tel" autoComplete="tel" {...props} {...register("phone")} />}
          </Field>
          <Field label={t`Age`} required error={errors.age?.message}>
            {(props) => (
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={120}
                step={1}
                className="sm:w-32"
                {...props}
                {...register("age", { valueAsNumber: true })}
              />
            )}
          </Field>
        </div>
      </Group>

      <Group title={t`In Case of Emergency`}>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t`Emergency Contact`} required hint={t`Their name.`} error={errors.emergencyContact?.message}>
            {(props) => <Input autoComplete="off" {...props} {...register("emergencyContact")} />}
          </Field>
          <Field label={t`Emergency Phone`} required error={errors.emergencyPhone?.message}>
            {(props) => <Input type="tel" autoComplete="off" {...props} {...register("emergencyPhone")} />}
          </Field>
        </div>
      </Group>

      <Group title={t`Accessibility`}>
        <Controller
          control={form.control}
          name="accessNeeds"
          render={({ field, fieldState }) => (
            <AccessNeedsChoices legend={t`Access Needs`} value={field.value} error={fieldState.error?.message} onChange={field.onChange} />
          )}
        />
        <Field
          label={t`Accessibility Requirements`}
          optional
          hint={t`Anything else that helps us welcome you: access needs, a quiet space, an interpreter.`}
          error={errors.accessibilityRequirements?.message}
        >
          {(props) => (
            <Textarea rows={3} className="min-h-24" {...props} {...register("accessibilityRequirements")} />
          )}
        </Field>
        <AccessConsentNote fromProfile={(known.accessNeeds?.length ?? 0) > 0 || Boolean(known.accessibilityRequirements)} />
      </Group>

      {event.companionAllowed && (
        <Group title={t`Companion`}>
          <Choice
            type="checkbox"
            label={t`Bring a companion`}
            description={t`A carer, personal assistant or interpreter comes free on a second place. They don't need an account.`}
            {...register("companion")}
          />
          {companion && (
            <Field
              label={t`Companion's first name`}
              optional
              hint={t`So the session leader can welcome them.`}
              error={errors.companionName?.message}
            >
              {(props) => (
                <Input autoComplete="off" maxLength={COMPANION_NAME_MAX_LENGTH} className="sm:w-72" {...props} {...register("companionName")} />
              )}
            </Field>
          )}
        </Group>
      )}

      <Group title={t`Payment`}>
        {solidarityOffered && (
          <p className="text-sm font-semibold" data-testid="free-places">
            {freePlacesLine(event)}
          </p>
        )}
        <FieldSet legend={t`Payment Method`} required error={errors.paymentMethod?.message}>
          <div className="grid gap-3 sm:grid-cols-2">
            {methods.map((method) => {
              const unavailable = method.value === "card" && free;
              return (
                <Choice
                  key={method.value}
                  type="radio"
                  value={method.value}
                  label={i18n._(method.label)}
                  description={unavailable ? t`Not needed: this session is free.` : i18n._(PAYMENT_HINTS[method.value])}
                  disabled={unavailable}
                  {...register("paymentMethod")}
                />
              );
            })}
          </div>
        </FieldSet>
        {paymentMethod === "card" && !free && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <Trans>Card payments are handled by our secure payment provider. We never see or store your card details.</Trans>
          </p>
        )}
        <TermsCheckbox id="booking-terms" error={errors.agreeToTerms?.message} {...register("agreeToTerms")} />
      </Group>

      {failure && <BookingRefusal ref={failureRef} refusal={failure} />}

      <Button type="submit" size="lg" className="w-full" disabled={pending || full}>
        {full ? t`Event Full` : pending ? t`Processing Booking...` : costsNothing ? t`Confirm Booking - Free` : t`Confirm Booking - ${price}`}
      </Button>
    </form>
  );
}
