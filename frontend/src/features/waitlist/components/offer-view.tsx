import { Gift } from "lucide-react";
import { useId, useRef, useState, type ReactNode, type Ref, type SyntheticEvent } from "react";
import { useAuth } from "@/app/auth";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { ACCESSIBILITY_MAX_LENGTH, ACCESSIBILITY_TOO_LONG } from "@/features/bookings/api/booking-form-schema";
import { TermsCheckbox } from "@/features/bookings/components/terms-checkbox";
import { formatPounds, isFreePrice } from "@/features/bookings/lib/price";
import { formatWhen } from "@/features/bookings/lib/when";
import type { SportEvent } from "@/features/events/api/event-schema";
import { fullName } from "@/lib/user";
import { charCount } from "@/lib/validation";
import { formatHeldUntil, HOLD_HOURS } from "../lib/deadline";
import { LetItGoDialog } from "./let-it-go-dialog";
import { PanelHeading } from "./panel-heading";

function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

interface Props {
  event: SportEvent;
  /** When the hold ends (ISO); null only if the server did not say. */
  heldUntil: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  claiming: boolean;
  declining: boolean;
  onClaim: (accessibilityRequirements: string) => void;
  onDecline: () => Promise<boolean>;
}

/**
 * A freed place held for the person: when the hold ends, the event, optional accessibility
 * requirements and the terms (as on the Book Your Spot card), 'Claim My Place' (a cash
 * booking, paid on arrival) and 'Let It Go'.
 */
export function OfferView({ event, heldUntil, headingRef, claiming, declining, onClaim, onDecline }: Props) {
  const { user } = useAuth();
  const id = useId();
  const [accessibility, setAccessibility] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [accessibilityError, setAccessibilityError] = useState<string | undefined>();
  const accessibilityBox = useRef<HTMLTextAreaElement>(null);
  const free = isFreePrice(event.price);
  const busy = claiming || declining;
  const holdId = `${id}-hold`;
  const noteId = `${id}-note`;

  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!agreed || busy) return;
    if (charCount(accessibility.trim()) > ACCESSIBILITY_MAX_LENGTH) {
      setAccessibilityError(ACCESSIBILITY_TOO_LONG);
      accessibilityBox.current?.focus();
      return;
    }
    onClaim(accessibility);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 pt-4" aria-busy={busy}>
      <div className="space-y-2 rounded-xl border-2 border-accent bg-accent-soft p-4 text-accent-soft-foreground">
        <PanelHeading icon={Gift} iconClassName="text-accent-soft-foreground" headingRef={headingRef} describedBy={holdId}>
          A place is free for you
        </PanelHeading>
        <p id={holdId} className="text-sm">
          {heldUntil ? (
            <>
              We&apos;re holding it for you until{" "}
              <time dateTime={heldUntil} className="font-bold">
                {formatHeldUntil(heldUntil)}
              </time>
              . Claim it before then or it passes to the next person waiting.
            </>
          ) : (
            `We're holding it for you for up to ${HOLD_HOURS} hours. Claim it before then or it passes to the next person waiting.`
          )}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-muted/60 p-4 text-sm">
        <Fact label="Event" className="col-span-2">
          {event.title}
        </Fact>
        <Fact label="Date and Time" className="col-span-2">
          {formatWhen(event)}
        </Fact>
        <Fact label="Price" className="col-span-2">
          {free ? "Free" : `${formatPounds(event.price)}, pay cash on arrival`}
        </Fact>
      </dl>
      {user && (
        <div className="text-sm">
          <p className="font-semibold">Booking as</p>
          <p className="mt-0.5">{fullName(user)}</p>
          <p className="wrap-anywhere text-muted-foreground">{user.email}</p>
        </div>
      )}
      <Field
        label="Accessibility Requirements"
        optional
        hint="Anything that helps us welcome you. Shared only with your session leaders."
        error={accessibilityError}
      >
        {(props) => (
          <Textarea
            rows={3}
            className="min-h-20"
            value={accessibility}
            onChange={(e) => {
              setAccessibility(e.target.value);
              setAccessibilityError(undefined);
            }}
            ref={accessibilityBox}
            {...props}
          />
        )}
      </Field>
      <TermsCheckbox id={`${id}-terms`} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      <div className="space-y-2">
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!agreed || busy}
          aria-describedby={agreed ? undefined : noteId}
        >
          {claiming ? "Claiming..." : "Claim My Place"}
        </Button>
        {!agreed && (
          <p id={noteId} className="text-center text-xs text-muted-foreground">
            Tick the box to agree to the terms first.
          </p>
        )}
        <LetItGoDialog eventTitle={event.title} disabled={busy} pending={declining} onConfirm={onDecline} />
      </div>
    </form>
  );
}
