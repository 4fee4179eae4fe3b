import { Save } from "lucide-react";
import { useState, type SyntheticEvent } from "react";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import { Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { charCount } from "@/lib/validation";
import { useAccessNeeds, useSaveAccessNeeds, type AccessNeeds } from "@/lib/access-needs-api";
import { ACCESS_NOTE_MAX_LENGTH, accessNoteTooLong } from "@/lib/access-needs";
import { AccessNeedsChoices } from "@/components/access-needs-choices";

type Errors = Partial<Record<"needs" | "note", string>>;

function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const fields = error.body?.fieldErrors ?? {};
  return { needs: fields.needs, note: fields.note };
}

function Editor({ saved }: { saved: AccessNeeds }) {
  const save = useSaveAccessNeeds();
  const [needs, setNeeds] = useState<string[]>(saved.needs);
  const [note, setNote] = useState(saved.note ?? "");
  const [share, setShare] = useState(saved.shareWithLeader);
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (charCount(note.trim()) > ACCESS_NOTE_MAX_LENGTH) {
      setErrors({ note: accessNoteTooLong() });
      return;
    }
    setErrors({});
    save.mutate(
      { needs, note: note.trim() || null, shareWithLeader: share },
      {
        onSuccess: (next) =>
          toast.success(
            next.shareWithLeader
              ? "Saved. The leaders of sessions you book will see your access needs."
              : "Saved. Your access needs are private: nobody else sees them.",
          ),
        onError: (error) => {
          setErrors(serverErrors(error));
          toast.error(errorMessage(error, "We couldn't save your access needs. Please try again."));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <AccessNeedsChoices legend="What helps you take part" value={needs} error={errors.needs} onChange={setNeeds} />
      <Field label="Anything else, in your own words" optional error={errors.note}>
        {(props) => (
          <Textarea rows={3} className="min-h-20" value={note} onChange={(e) => setNote(e.target.value)} {...props} />
        )}
      </Field>
      <div className="space-y-2">
        <Choice
          type="checkbox"
          name="shareWithLeader"
          checked={share}
          onChange={(e) => setShare(e.target.checked)}
          label="Share with the session leader for sessions I book"
          description={
            share
              ? "On: each session you book from now on tells its leader what you've written here. Only that leader and our admins see it."
              : "Off: nobody sees these, not even your session leaders. You can still tell a leader what you need on each booking form."
          }
        />
        <p className="text-sm text-muted-foreground">
          Never shown to other members, never in any list or export, never in an email to anyone but you. Turning sharing off, or
          clearing your needs, takes them off the registers of sessions you&apos;ve already booked.
        </p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? "Saving..." : "Save Access Needs"}
        </Button>
      </div>
    </form>
  );
}

/** The profile's access needs, and the member's choice to share them (private by default). */
export function AccessNeedsForm() {
  const saved = useAccessNeeds();
  if (saved.isPending) return <Skeleton className="h-64 w-full rounded-lg" />;
  if (saved.isError) {
    return <p className="text-sm text-destructive">We couldn&apos;t load your access needs. Please refresh the page.</p>;
  }
  return <Editor saved={saved.data} />;
}
