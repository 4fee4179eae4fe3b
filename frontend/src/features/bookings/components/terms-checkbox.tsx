import type { ComponentProps } from "react";
import { Link } from "react-router";
import { CheckboxField } from "@/components/ui/choice";

type Props = Omit<ComponentProps<typeof CheckboxField>, "label">;

/** "I agree to the Terms and Conditions" (opening /terms in a new tab), with its error. */
export function TermsCheckbox(props: Props) {
  return (
    <CheckboxField
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
  );
}
