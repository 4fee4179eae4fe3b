import { Trans } from "@lingui/react/macro";
import { useId, type ComponentProps, type ReactNode } from "react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/choice";

type Props = Omit<ComponentProps<typeof CheckboxField>, "label">;

/** "I agree to the Terms and Conditions" (opening /terms in a new tab), with its error. */
export function TermsCheckbox(props: Props) {
  return (
    <CheckboxField
      label={
        <>
          <Trans>
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
          </Trans>
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

interface SubmitAfterTermsProps {
  agreed: boolean;
  busy: boolean;
  /** The button's label. */
  children: ReactNode;
  /** Below the button and its note (a second action). */
  after?: ReactNode;
}

/** The form's submit button, which waits for the terms to be ticked and says so meanwhile. */
export function SubmitAfterTerms({ agreed, busy, children, after }: SubmitAfterTermsProps) {
  const noteId = `${useId()}-note`;
  return (
    <div className="space-y-2">
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!agreed || busy}
        aria-describedby={agreed ? undefined : noteId}
      >
        {children}
      </Button>
      {!agreed && (
        <p id={noteId} className="text-center text-xs text-muted-foreground">
          <Trans>Tick the box to agree to the terms first.</Trans>
        </p>
      )}
      {after}
    </div>
  );
}
