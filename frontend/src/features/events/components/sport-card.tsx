import { ArrowRight, MapPin } from "lucide-react";
import { Link } from "@/lib/router";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { SPORT_IMAGE_HEIGHT, SPORT_IMAGE_WIDTH, sportImageUrl } from "@/lib/sport-images";
import type { SportSummary } from "../api/events-summary-schema";
import { plural } from "@/lib/format";
import { limitBadges } from "../lib/group-events";

interface SportCardProps {
  sport: SportSummary;
  /** Where choosing the sport leads: the current URL with this sport selected. */
  to: string;
}

/** The whole card selects the sport: the "View Events" link stretches over it. */
export function SportCard({ sport, to }: SportCardProps) {
  const { shown, more } = limitBadges(sport.areas);
  return (
    <Card className="group relative flex w-full overflow-hidden transition-shadow hover:shadow-md sm:flex-col">
      <img
        src={sportImageUrl(sport.category)}
        alt={`${sport.category} illustration`}
        width={SPORT_IMAGE_WIDTH}
        height={SPORT_IMAGE_HEIGHT}
        loading="lazy"
        decoding="async"
        className="w-28 shrink-0 bg-muted object-cover sm:aspect-2/1 sm:h-auto sm:w-full"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4 sm:gap-3 sm:p-5">
        <h3 className="text-lg font-bold sm:text-xl">{sport.category}</h3>
        <p className="text-sm text-muted-foreground">
          {plural(sport.eventCount, "event")} · {plural(sport.areas.length, "location")}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Locations">
          {shown.map((area) => (
            <li key={area}>
              <Badge variant="outline" className="max-w-full whitespace-normal">
                <MapPin className="size-3 shrink-0" aria-hidden="true" />
                {area}
              </Badge>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Badge variant="secondary">+{more} more</Badge>
            </li>
          )}
        </ul>
        <Link
          to={to}
          className={cn(
            buttonVariants({ variant: "outline" }),
            "mt-auto w-full max-sm:h-9 group-hover:border-primary group-hover:text-primary after:absolute after:inset-0 after:content-['']",
          )}
        >
          <span>
            View <span className="sr-only">{sport.category}</span> Events
          </span>
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}
