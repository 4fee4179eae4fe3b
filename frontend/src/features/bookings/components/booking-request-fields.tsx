import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
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
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl bg-muted/60 p-4 text-sm">
      <Fact label="Event" className="col-span-2">
        {event.title}
      </Fact>
      <Fact label="Date and Time" className="col-span-2">
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
      <p className="font-semibold">Booking as</p>
      <p className="mt-0.5">{fullName(user)}</p>
      <p className="wrap-anywhere text-muted-foreground">{user.email}</p>
    </div>
  );
}

export function AccessibilityField({ value, error, box, onChange }: AccessibilityFieldProps) {
  return (
    <Field
      label="Accessibility Requirements"
      optional
      hint="Anything that helps us welcome you. Shared only with your session leaders."
      error={error}
    >
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
  );
}
