import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { fullName, type User } from "@/lib/user";
import type { AccessibilityFieldProps } from "../lib/accessibility-requirements";

/** One fact in a booking card's summary (inside a `<dl>`). */
export function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
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
