import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays, Clock, HeartHandshake, MapPin, Users } from "lucide-react";
import { Link } from "@/lib/router";
import { useAuth } from "@/lib/auth";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDuration, formatPrice, formatShortDate, formatTime } from "@/lib/format";
import { saveReturnUrl } from "@/lib/return-url";
import { SPORT_IMAGE_HEIGHT, SPORT_IMAGE_WIDTH, sportImageUrl } from "@/lib/sport-images";
import { freePlacesLine, isFull, type SportEvent } from "@/lib/event-schema";

interface EventCardProps {
  event: SportEvent;
  /** Keeps the heading outline right where cards sit under a deeper heading. */
  headingLevel?: "h3" | "h4";
  /** Above-the-fold cards load their picture eagerly. */
  eagerImage?: boolean;
}

export function EventCard({ event, headingLevel: Heading = "h3", eagerImage = false }: EventCardProps) {
  const full = isFull(event);
  const freePlaces = freePlacesLine(event);
  const { user } = useAuth();
  const { t } = useLingui();
  const { category, title, currentParticipants: going, maxParticipants: places } = event;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <img
        src={sportImageUrl(event.category)}
        alt={t`${category} illustration`}
        width={SPORT_IMAGE_WIDTH}
        height={SPORT_IMAGE_HEIGHT}
        loading={eagerImage ? "eager" : "lazy"}
        decoding="async"
        className="aspect-2/1 h-auto w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="accent">{event.category}</Badge>
          {full && (
            <Badge variant="destructive">
              <Trans>Fully Booked</Trans>
            </Badge>
          )}
        </div>
        <Heading className="text-lg leading-snug font-bold">
          <Link to={`/events/${event.id}`} className="rounded hover:text-primary hover:underline">
            {event.title}
          </Link>
        </Heading>
        <p dir="auto" className="line-clamp-2 text-sm text-muted-foreground">
          {event.description}
        </p>
        <ul className="mt-auto space-y-1.5 text-sm">
          <li className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{formatShortDate(event.date)}</span>
          </li>
          <li className="flex items-center gap-2">
            <Clock className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              {formatTime(event.date)} · {formatDuration(event.duration)}
            </span>
          </li>
          <li className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <bdi>{event.location}</bdi>
          </li>
          <li className="flex items-center gap-2">
            <Users className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <Trans>
                {going}/{places} participants
              </Trans>
            </span>
          </li>
          {freePlaces && (
            <li className="flex items-center gap-2 font-semibold">
              <HeartHandshake className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{freePlaces}</span>
            </li>
          )}
        </ul>
        <div className="flex items-center justify-between gap-3 border-t pt-4">
          <p className="text-lg font-extrabold">
            <span className="sr-only">
              <Trans>Price:</Trans>{" "}
            </span>
            {formatPrice(event.price)}
          </p>
          {full ? (
            <Button variant="secondary" disabled>
              <Trans>Fully Booked</Trans>
            </Button>
          ) : (
            <Button asChild>
              {/* Signed out: log in first, then come back to book. */}
              <Link
                to={user ? `/booking/${event.id}` : "/login"}
                onClick={user ? undefined : () => saveReturnUrl(`/booking/${event.id}`)}
              >
                <Trans>
                  Book Now<span className="sr-only">: {title}</span>
                </Trans>
              </Link>
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
