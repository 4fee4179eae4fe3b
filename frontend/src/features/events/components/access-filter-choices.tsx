import { Trans, useLingui } from "@lingui/react/macro";
import { Choice } from "@/components/ui/choice";
import { ACCESS_FACTS, type AccessKey } from "@/lib/access-facts";

/** The access filter's checkboxes: each fact's name and what its "yes" means, briefly. */
export default function AccessFilterChoices({
  chosen,
  onToggle,
}: {
  chosen: readonly AccessKey[];
  onToggle: (key: AccessKey, on: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <>
        <p className="mb-3 text-sm text-muted-foreground">
          <Trans>
            Show only sessions at venues we have checked for everything you tick. Details we have
            not checked yet don't count, so ask us if a session you like isn't shown.
          </Trans>
        </p>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {ACCESS_FACTS.map((fact) => (
            <Choice
              key={fact.key}
              type="checkbox"
              name="access"
              value={fact.key}
              checked={chosen.includes(fact.key)}
              onChange={(event) => onToggle(fact.key, event.currentTarget.checked)}
              label={t(fact.label)}
              description={t(fact.summary)}
            />
          ))}
        </div>
    </>
  );
}
