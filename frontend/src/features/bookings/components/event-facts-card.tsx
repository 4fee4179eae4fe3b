import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays, Clock, HeartHandshake, MapPin, PoundSterling, Tag, Timer, Users } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { freePlacesLine, isFull, type SportEvent } from "@/lib/event-schema";
import { formatDuration, formatLongDate, formatTimeRange } from "@/lib/format";
import { SPORT_IMAGE_HEIGHT, SPORT_IMAGE_WIDTH, sportImageUrl } from "@/lib/sport-images";
import { formatPriceOrFree, isFreePrice } from "../lib/price";

function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 ps-8">
      <dt className="text-sm font-semibold text-muted-foreground">
        <Icon className="absolute start-0 top-0.5 size-5 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The booking page's left card: what the person is booking. */
export function EventFactsCard({ event }: { event: SportEvent }) {
  const remaining = Math.max(0, event.maxParticipants - event.currentParticipants);
  const places = event.maxParticipants;
  const { t } = useLingui();
  return (
    <Card className="overflow-hidden">
      <img
        src={sportImageUrl(event.category)}
        alt=""
        width={SPORT_IMAGE_WIDTH}
        height={SPORT_IMAGE_HEIGHT}
        className="aspect-5/2 h-auto w-full border-b bg-muted object-cover"
      />
      <div className="space-y-5 p-6">
        <div className="space-y-3">
          <Badge variant="accent">{event.category}</Badge>
          {/* Written by the organisers in their own language: its own direction. */}
          <h2 dir="auto" className="text-2xl font-extrabold tracking-tight text-balance">
            {event.title}
          </h2>
          <p dir="auto" className="leading-relaxed whitespace-pre-line text-muted-foreground">
            {event.description}
          </p>
        </div>
        <dl className="grid gap-4 border-t pt-5 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Fact icon={CalendarDays} label={t`Date`}>
            {formatLongDate(event.date)}
          </Fact>
          <Fact icon={Clock} label={t`Time`}>
            {formatTimeRange(event.date, event.duration)}
          </Fact>
          <Fact icon={MapPin} label={t`Location`}>
            <bdi>{event.location}</bdi>
          </Fact>
          <Fact icon={Timer} label={t`Duration`}>
            {formatDuration(event.duration)}
          </Fact>
          <Fact icon={Users} label={t`Spots Remaining`}>
            {isFull(event) ? (
              <span className="text-destructive">
                <Trans>None: this event is full</Trans>
              </span>
            ) : (
              t`${remaining} of ${places}`
            )}
          </Fact>
          <Fact icon={Tag} label={t`Category`}>
            {event.category}
          </Fact>
          <Fact icon={PoundSterling} label={t`Price`}>
            {formatPriceOrFree(event.price)}
            {!isFreePrice(event.price) && (
              <span className="font-normal text-muted-foreground">
                {" "}
                <Trans>per person</Trans>
              </span>
            )}
          </Fact>
          {freePlacesLine(event) && (
            <Fact icon={HeartHandshake} label={t`Solidarity places`}>
              {freePlacesLine(event)}
            </Fact>
          )}
        </dl>
      </div>
    </Card>
  );
}
