import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { FieldError } from "./field";

type ChoiceProps = Omit<ComponentProps<"input">, "type" | "children"> & {
  type: "checkbox" | "radio";
  label: ReactNode;
  /** A second line under the label. */
  description?: ReactNode;
};

/**
 * A native checkbox or radio inside a bordered, clickable label ("chip"): native controls
 * keep Space to toggle and the browser's own semantics; the border shows the choice.
 */
export function Choice({ type, label, description, className, disabled, ...props }: ChoiceProps) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border border-input bg-card px-3 py-2.5 text-sm transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-secondary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
        disabled && "cursor-not-allowed opacity-60 hover:bg-card",
        className,
      )}
    >
      <input
        type={type}
        disabled={disabled}
        className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
        {...props}
      />
      <span className="min-w-0">
        <span className="font-semibold">{label}</span>
        {description && <span className="block text-muted-foreground">{description}</span>}
      </span>
    </label>
  );
}

type CheckboxFieldProps = Omit<ChoiceProps, "type"> & { error?: string | undefined };

/** A checkbox that has to be ticked ("I agree to..."), with its error wired for screen readers. */
export function CheckboxField({ error, ...props }: CheckboxFieldProps) {
  const errorId = `${useId()}-error`;
  return (
    <div className="space-y-1.5">
      <Choice
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
