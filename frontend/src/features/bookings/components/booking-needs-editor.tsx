import { Trans, useLingui } from "@lingui/react/macro";
import { Accessibility, Pencil } from "lucide-react";
import { useId, useRef, useState, type SyntheticEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { AccessNeedsChoices } from "@/components/access-needs-choices";
import { accessNeedLabels } from "@/lib/access-needs";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { charCount } from "@/lib/validation";
import { ACCESSIBILITY_MAX_LENGTH, accessibilityTooLong } from "../api/booking-form-schema";
import type { BookingWithEvent } from "../api/booking-schema";
import { useUpdateBookingNeeds } from "../api/update-booking-needs";

/**
 * What an upcoming booking tells its session's leader about access, and a way to change it
 * (My Bookings). Only that leader and admins see it.
 */
export function BookingNeedsEditor({ booking }: { booking: BookingWithEvent }) {
  const id = useId();
  const { t } = useLingui();
  const title = booking.event.title;
  const update = useUpdateBookingNeeds();
  const [editing, setEditing] = useState(false);
  const [needs, setNeeds] = useState<string[]>(booking.accessNeeds ?? []);
  const [text, setText] = useState(booking.accessibilityRequirements ?? "");
  const [errors, setErrors] = useState<{ needs?: string | undefined; text?: string | undefined }>({});
  const editButton = useRef<HTMLButtonElement>(null);
  const labels = accessNeedLabels(booking.accessNeeds ?? []);
  const said = labels.length > 0 || Boolean(booking.accessibilityRequirements);

  const open = () => {
    setNeeds(booking.accessNeeds ?? []);
    setText(booking.accessibilityRequirements ?? "");
    setErrors({});
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    window.setTimeout(() => editButton.current?.focus(), 0);
  };

  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (charCount(text.trim()) > ACCESSIBILITY_MAX_LENGTH) {
      setErrors({ text: accessibilityTooLong() });
      return;
    }
    update.mutate(
      { bookingId: booking.id, accessNeeds: needs, accessibilityRequirements: text },
      {
        onSuccess: () => {
          toast.success(t`Access needs updated for this session.`);
          close();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.body?.fieldErrors ?? {}) : {};
          setErrors({ needs: fields.accessNeeds, text: fields.accessibilityRequirements });
          toast.error(errorMessage(error, t`We couldn't update your access needs. Please try again.`));
        },
      },
    );
  };

  if (editing) {
    return (
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border p-3">
        <h4 id={`${id}-title`} className="font-semibold">
          <Trans>Access needs for this session</Trans>
        </h4>
        <AccessNeedsChoices legend={t`Access Needs`} value={needs} error={errors.needs} onChange={setNeeds} />
        <Field label={t`Accessibility Requirements`} optional error={errors.text}>
          {(props) => <Textarea rows={3} className="min-h-20" value={text} onChange={(e) => setText(e.target.value)} {...props} />}
        </Field>
        <p className="text-sm text-muted-foreground">
          <Trans>Only this session&apos;s leader and our admins see this. Clear everything to share nothing.</Trans>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={update.isPending}>
            {update.isPending ? t`Saving...` : t`Save`}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="space-y-1 text-sm">
      <p className="flex items-start gap-2">
        <Accessibility className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <span className="font-semibold">
            <Trans>Access needs shared with the leader:</Trans>
          </span>{" "}
          {said ? [...labels, booking.accessibilityRequirements ?? ""].filter(Boolean).join(". ") : t`none`}
        </span>
      </p>
      <Button ref={editButton} type="button" size="sm" variant="outline" onClick={open}>
        <Pencil aria-hidden="true" />{" "}
        {said ? (
          <Trans>
            Change access needs<span className="sr-only"> for {title}</span>
          </Trans>
        ) : (
          <Trans>
            Add access needs<span className="sr-only"> for {title}</span>
          </Trans>
        )}
      </Button>
    </div>
  );
}
