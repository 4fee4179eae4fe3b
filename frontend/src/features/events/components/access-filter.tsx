import { plural, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Accessibility, ChevronDown } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { ACCESS_KEYS, type AccessKey } from "@/lib/access-keys";

// The facts' words load when the panel opens: /events' first load carries only the keys.
const AccessFilterChoices = lazy(() => import("./access-filter-choices"));

interface AccessFilterProps {
  /** The facts asked for, in the facts' order. */
  chosen: readonly AccessKey[];
  onChange: (chosen: AccessKey[]) => void;
}

/**
 * Access needs as checkboxes: only sessions whose venue says yes to every one ticked
 * ("not checked yet" is not a yes). Folded away until opened or while something is ticked.
 */
export function AccessFilter({ chosen, onChange }: AccessFilterProps) {
  const [open, setOpen] = useState(chosen.length > 0);
  // The URL changes in a transition, which a slow phone may take a while to finish: the boxes
  // show each tick at once, and a second tick before then builds on the first.
  const [ticked, setTicked] = useState(chosen);
  const [fromUrl, setFromUrl] = useState(chosen);
  if (fromUrl.join() !== chosen.join()) {
    setFromUrl(chosen);
    setTicked(chosen);
  }
  const toggle = (key: AccessKey, on: boolean) => {
    const next = ACCESS_KEYS.filter((k) => (k === key ? on : ticked.includes(k)));
    setTicked(next);
    onChange(next);
  };
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group mt-4 rounded-xl border"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <Accessibility className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <Trans>Access needs</Trans>
        </span>
        <span className="font-normal text-muted-foreground">
          {ticked.length > 0 ? plural(ticked.length, { other: "(# chosen)" }) : t`(any venue)`}
        </span>
        <ChevronDown
          className="ms-auto size-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
          aria-hidden="true"
        />
      </summary>
      <fieldset className="border-t px-4 pt-3 pb-4">
        <legend className="sr-only">
          <Trans>Access needs</Trans>
        </legend>
        {open && (
          <Suspense
            fallback={
              <p className="text-sm text-muted-foreground">
                <Trans>Loading access needs…</Trans>
              </p>
            }
          >
            <AccessFilterChoices chosen={ticked} onToggle={toggle} />
          </Suspense>
        )}
      </fieldset>
    </details>
  );
}
