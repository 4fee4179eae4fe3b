import { Trans } from "@lingui/react/macro";
import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Label } from "./label";

/** Props a field's control needs to be labelled and described. */
export interface ControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}

interface FieldProps {
  label: string;
  /** Marks the field required (a visual asterisk; the control gets aria-required). */
  required?: boolean;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}

/** " (optional)" after a label. */
function Optional() {
  return (
    <span className="font-normal text-muted-foreground">
      {" "}
      <Trans>(optional)</Trans>
    </span>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

/** A label, the control, an optional hint and the field's error, wired for screen readers. */
export function Field({ label, required, optional, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedById = describedBy(hint !== undefined && hintId, error && errorId);
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            {" "}
            *
          </span>
        )}
        {optional && <Optional />}
      </Label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        ...(describedById ? { "aria-describedby": describedById } : {}),
        ...(required ? { "aria-required": true } : {}),
      })}
      {hint !== undefined && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

interface FieldSetProps {
  legend: ReactNode;
  required?: boolean;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/** A group of checkboxes or radios with a legend, hint and error. */
export function FieldSet({ legend, required, optional, hint, error, className, children }: FieldSetProps) {
  const id = useId();
  const describedById = describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`);
  return (
    <fieldset
      className={cn("min-w-0 space-y-2", className)}
      aria-describedby={describedById}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-semibold">
        {legend}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            {" "}
            *
          </span>
        )}
        {optional && <Optional />}
      </legend>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {children}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
