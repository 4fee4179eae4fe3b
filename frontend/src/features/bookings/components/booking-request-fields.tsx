import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { AccessNeedsChoices } from "@/components/access-needs-choices";
import type { SportEvent } from "@/lib/event-schema";
import { fullName, type User } from "@/lib/user";
import type { AccessibilityFieldProps } from "../lib/accessibility-requirements";
import { formatWhen } from "../lib/when";

/** One fact in a booking card's summary (inside a `<dl>`). */
export function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

/** A booking card's summary: the event and when it is, then `children` (more facts). */
export function EventFacts({ event, children }: { event: SportEvent; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl bg-muted/60 p-4 text-sm">
      <Fact label={t`Event`} className="col-span-2">
        <bdi>{event.title}</bdi>
      </Fact>
      <Fact label={t`Date and Time`} className="col-span-2">
        {formatWhen(event)}
      </Fact>
      {children}
    </dl>
  );
}

/** Who the place is booked for. */
export function BookingAs({ user }: { user: User }) {
  return (
    <div className="text-sm">
      <p className="font-semibold">
        <Trans>Booking as</Trans>
      </p>
      <p className="mt-0.5">{fullName(user)}</p>
      <p className="wrap-anywhere text-muted-foreground">{user.email}</p>
    </div>
  );
}

/** Who sees what a booking form says about access, in plain words (ADR 0023). */
export function AccessConsentNote({ fromProfile }: { fromProfile: boolean }) {
  return (
    <p className="text-sm text-muted-foreground">
      <Trans>
        Only this session&apos;s leader and our admins see what you tick or write here: filling it in is how you agree to share
        it with them for this booking. Never other members.
      </Trans>
      {fromProfile && (
        <>
          {" "}
          <Trans>
            We&apos;ve filled it in from your profile, because you chose to share your access needs. Change it for this session
            if you like.
          </Trans>
        </>
      )}
    </p>
  );
}

export function AccessibilityField({ needs, value, error, fromProfile, box, onNeedsChange, onChange }: AccessibilityFieldProps) {
  const { t } = useLingui();
  return (
    <div className="space-y-3">
      <AccessNeedsChoices legend={t`Access Needs`} value={needs} onChange={onNeedsChange} />
      <Field label={t`Accessibility Requirements`} optional hint={t`Anything else that helps us welcome you.`} error={error}>
        {(props) => (
          <Textarea
            rows={3}
            className="min-h-20"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            ref={box}
            {...props}
          />
        )}
      </Field>
      <AccessConsentNote fromProfile={fromProfile} />
    </div>
  );
}
