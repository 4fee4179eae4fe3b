import { useLingui } from "@lingui/react";
import { Choice } from "@/components/ui/choice";
import { FieldSet } from "@/components/ui/field";
import { ACCESS_NEED_LABELS, ACCESS_NEEDS } from "@/lib/access-needs";

interface Props {
  legend: string;
  hint?: string;
  value: readonly string[];
  error?: string | undefined;
  onChange: (needs: string[]) => void;
}

/** The common access needs as checkboxes, in two columns where the form has room. */
export function AccessNeedsChoices({ legend, hint, value, error, onChange }: Props) {
  const { i18n } = useLingui();
  const toggle = (need: string, on: boolean) =>
    onChange(ACCESS_NEEDS.filter((n) => (n === need ? on : value.includes(n))));
  return (
    <FieldSet legend={legend} optional hint={hint} error={error}>
      {/* Two columns only where the form itself is wide (not in the event page's side card). */}
      <div className="@container">
        <div className="grid gap-2 @md:grid-cols-2">
          {ACCESS_NEEDS.map((need) => (
            <Choice
              key={need}
              type="checkbox"
              name="accessNeeds"
              value={need}
              label={i18n._(ACCESS_NEED_LABELS[need])}
              checked={value.includes(need)}
              onChange={(e) => toggle(need, e.target.checked)}
            />
          ))}
        </div>
      </div>
    </FieldSet>
  );
}
