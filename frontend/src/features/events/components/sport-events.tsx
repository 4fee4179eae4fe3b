import { MapPin } from "lucide-react";
import { Link, useSearchParams } from "@/lib/router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SPORT_IMAGE_HEIGHT, SPORT_IMAGE_WIDTH, sportImageUrl } from "@/lib/sport-images";
import type { SportEvent } from "@/lib/event-schema";
import { withFilter } from "../lib/event-filters";
import { plural } from "@/lib/format";
import { groupByArea } from "../lib/group-events";
import { EventCard } from "./event-card";

/** The chosen sport's events, one card per location. */
export function SportEvents({ sport, events }: { sport: string; events: readonly SportEvent[] }) {
  const [searchParams] = useSearchParams();
  const groups = groupByArea(events);
  return (
    <section aria-labelledby="sport-heading" className="space-y-8">
      <Button asChild variant="ghost" className="-ml-2">
        <Link to={`?${withFilter(searchParams, "sport", undefined).toString()}`}>
          <span aria-hidden="true">←</span> Back to Sports
        </Link>
      </Button>
      <div className="flex items-center gap-4 sm:gap-5">
        <img
          src={sportImageUrl(sport)}
          alt={`${sport} illustration`}
          width={SPORT_IMAGE_WIDTH}
          height={SPORT_IMAGE_HEIGHT}
          className="aspect-2/1 h-auto w-32 shrink-0 rounded-xl border bg-muted object-cover sm:w-64 sm:rounded-2xl"
        />
        <div>
          <h2 id="sport-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {sport}
          </h2>
          <p className="mt-1 text-muted-foreground">Choose your preferred location</p>
          <p className="mt-2 text-sm font-semibold">
            {plural(events.length, "event")} in {plural(groups.length, "location")}
          </p>
        </div>
      </div>
      {groups.map(({ area, events: areaEvents }, index) => (
        <section
          key={area}
          aria-labelledby={`area-${index}`}
          className="rounded-2xl border bg-muted/40 p-4 sm:p-6"
        >
          <div className="flex flex-wrap items-center gap-3">
            <h3 id={`area-${index}`} className="flex items-center gap-2 text-xl font-bold">
              <MapPin className="size-5 text-primary" aria-hidden="true" />
              {area}
            </h3>
            <Badge variant="secondary">{plural(areaEvents.length, "event")}</Badge>
          </div>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {areaEvents.map((event) => (
              <li key={event.id}>
                <EventCard event={event} headingLevel="h4" />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
