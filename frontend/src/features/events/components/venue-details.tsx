import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck, CircleHelp, CircleX, ExternalLink, MapPin, TrainFront } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { ACCESS_FACTS, FACT_VALUE_WORDS, accessCheckedLine, type FactValue } from "@/lib/access-facts";
import type { Venue } from "@/lib/event-schema";

const VALUE_ICONS: Record<FactValue, { icon: LucideIcon; className: string }> = {
  yes: { icon: CircleCheck, className: "text-primary" },
  no: { icon: CircleX, className: "text-foreground" },
  unknown: { icon: CircleHelp, className: "text-muted-foreground" },
};

/** What follows the answer on a fact's short line. */
function shortLine(value: FactValue, summary: string): string {
  if (value === "yes") return summary;
  if (value === "unknown") return t`ask us before you come`;
  return "";
}

/**
 * The venue: where it is, how to get there, and each access fact with an icon and words
 * (never an icon or colour alone), "not checked yet" said plainly, and what each fact
 * means one tap away (shared/access-facts.md).
 */
export default function VenueDetails({ venue }: { venue: Venue }) {
  const { t: translate } = useLingui();
  const address = [venue.address, venue.postcode].filter(Boolean).join(", ");
  const station = venue.nearestStepFreeStation;
  return (
    <section aria-labelledby="venue-heading" className="space-y-5 rounded-xl border p-5">
      <div className="space-y-2">
        <h2 id="venue-heading" className="text-2xl font-bold">
          <Trans>Venue and access</Trans>
        </h2>
        <p className="flex items-start gap-3">
          <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <bdi className="font-semibold">{venue.name}</bdi>
            {address && address !== venue.name && (
              <bdi className="block">{address}</bdi>
            )}
          </span>
        </p>
        {venue.nearestStepFreeStation && (
          <p className="flex items-start gap-3">
            <TrainFront className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <Trans>
                <span className="font-semibold">Nearest step-free station:</span> <bdi>{station}</bdi>
              </Trans>
            </span>
          </p>
        )}
        {venue.transportNotes && (
          <p dir="auto" className="text-muted-foreground">
            {venue.transportNotes}
          </p>
        )}
        {venue.mapUrl && (
          <a
            href={venue.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-primary underline underline-offset-4"
          >
            <Trans>Open in a map</Trans> <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
        )}
      </div>
      <div className="space-y-3">
        <h3 className="text-lg font-bold">
          <Trans>Access at this venue</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">{accessCheckedLine(venue.accessCheckedAt)}</p>
        <ul className="divide-y rounded-lg border">
          {ACCESS_FACTS.map((fact) => {
            const value = venue.access[fact.key];
            const { icon: Icon, className } = VALUE_ICONS[value];
            const label = translate(fact.label);
            const answer = translate(FACT_VALUE_WORDS[value]);
            const rest = shortLine(value, translate(fact.summary));
            return (
              <li key={fact.key} className="flex items-start gap-3 p-3" data-fact={fact.key}>
                <Icon className={`mt-0.5 size-5 shrink-0 ${className}`} aria-hidden="true" />
                <div className="min-w-0">
                  <p>
                    <Trans>
                      <span className="font-semibold">{label}:</span> {answer}
                    </Trans>
                    {rest && <span className="text-muted-foreground"> — {rest}</span>}
                  </p>
                  <details className="mt-1 text-sm">
                    <summary className="w-fit cursor-pointer rounded-sm text-primary underline underline-offset-4">
                      <Trans>What “{label}” means</Trans>
                    </summary>
                    <p className="mt-1 text-muted-foreground">{translate(fact.definition)}</p>
                  </details>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
