import type { ComponentProps } from "react";
import { Link } from "react-router";
import { Choice } from "@/components/ui/choice";
import { FieldError } from "@/components/ui/field";

type Props = Omit<ComponentProps<"input">, "type"> & {
  /** For the error's id (aria-describedby). */
  id: string;
  error?: string | undefined;
};

/** "I agree to the Terms and Conditions" (opening /terms in a new tab), with its error. */
export function TermsCheckbox({ id, error, ...props }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Choice
        type="checkbox"
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        label={
          <>
            I agree to the{" "}
            <Link
              to="/terms"
              target="_blank"
              rel="noopener"
              className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
            >
              terms and conditions
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
            <span aria-hidden="true" className="text-destructive">
              {" "}
              *
            </span>
          </>
        }
        {...props}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
