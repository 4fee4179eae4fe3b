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
    <div className="relative min-w-0 pl-8">
      <dt className="text-sm font-semibold text-muted-foreground">
        <Icon className="absolute top-0.5 left-0 size-5 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The booking page's left card: what the person is booking. */
export function EventFactsCard({ event }: { event: SportEvent }) {
  const remaining = Math.max(0, event.maxParticipants - event.currentParticipants);
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
          <h2 className="text-2xl font-extrabold tracking-tight text-balance">{event.title}</h2>
          <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{event.description}</p>
        </div>
        <dl className="grid gap-4 border-t pt-5 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Fact icon={CalendarDays} label="Date">
            {formatLongDate(event.date)}
          </Fact>
          <Fact icon={Clock} label="Time">
            {formatTimeRange(event.date, event.duration)}
          </Fact>
          <Fact icon={MapPin} label="Location">
            {event.location}
          </Fact>
          <Fact icon={Timer} label="Duration">
            {formatDuration(event.duration)}
          </Fact>
          <Fact icon={Users} label="Spots Remaining">
            {isFull(event) ? (
              <span className="text-destructive">None: this event is full</span>
            ) : (
              `${remaining} of ${event.maxParticipants}`
            )}
          </Fact>
          <Fact icon={Tag} label="Category">
            {event.category}
          </Fact>
          <Fact icon={PoundSterling} label="Price">
            {formatPriceOrFree(event.price)}
            {!isFreePrice(event.price) && <span className="font-normal text-muted-foreground"> per person</span>}
          </Fact>
          {freePlacesLine(event) && (
            <Fact icon={HeartHandshake} label="Solidarity places">
              {freePlacesLine(event)}
            </Fact>
          )}
        </dl>
      </div>
    </Card>
  );
}
