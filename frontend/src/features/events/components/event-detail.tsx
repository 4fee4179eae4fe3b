import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Accessibility, ArrowLeft, CalendarDays, Check, Clock, HeartHandshake, MapPin, UserPlus, Users } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "@/lib/router";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatDuration, formatLongDate, formatPrice, formatTimeRange } from "@/lib/format";
import { SPORT_IMAGE_HEIGHT, SPORT_IMAGE_WIDTH, sportImageUrl } from "@/lib/sport-images";
import { useHydrated } from "@/lib/use-hydrated";
import { freePlacesLine, type SportEvent } from "@/lib/event-schema";
import VenueDetails from "./venue-details";
import { WhosGoing } from "./whos-going";

const WHAT_TO_EXPECT = [
  msg`A warm welcome from friendly, trained session leaders`,
  msg`Activities adapted for every level, including complete beginners`,
  msg`Equipment provided, so just bring comfortable clothes and water`,
  msg`A safe, inclusive space to meet people from your community`,
] as const;

export function BackToEvents() {
  return (
    <Link
      to="/events"
      className="inline-flex items-center gap-2 rounded-lg text-sm font-semibold text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> <Trans>Back to Events</Trans>
    </Link>
  );
}

/** One line of text still to come: the height of a line, so nothing moves when it arrives. */
function TextPlaceholder({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("inline-block h-6 max-w-full motion-safe:animate-pulse rounded-md bg-muted align-top", className)}
    />
  );
}

/**
 * The server sends event pages as a prerendered template with the event's text filled in
 * (docs/adr/0006), but dates, times and prices are formatted here only: until the app has
 * taken over they show as placeholders, and the booking card (which depends on who is
 * looking) as its skeleton.
 *
 * `bookingPanel` is the booking card beside the event, composed by the page (it belongs to
 * the bookings feature).
 */
export function EventDetail({ event, bookingPanel }: { event: SportEvent; bookingPanel: ReactNode }) {
  const free = Number(event.price) === 0;
  const hydrated = useHydrated();
  const { t } = useLingui();
  const { category, currentParticipants: going, maxParticipants: places } = event;
  const price = formatPrice(event.price);
  const aside = useRef<HTMLElement>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let done = false;
    // Loaded after first paint: the floating button only shows on small screens.
    void import("../lib/floating-button-watch").then(({ hideFloatingButtonOver }) => {
      if (!done && aside.current) stop = hideFloatingButtonOver(aside.current);
    });
    return () => {
      done = true;
      stop?.();
    };
  }, []);
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <article className="space-y-8">
        <header className="space-y-4">
          <img
            src={sportImageUrl(event.category)}
            alt={t`${category} illustration`}
            width={SPORT_IMAGE_WIDTH}
            height={SPORT_IMAGE_HEIGHT}
            className="aspect-2/1 h-auto w-full rounded-2xl border bg-muted object-cover lg:aspect-5/2"
          />
          <Badge variant="accent">{event.category}</Badge>
          <h1 dir="auto" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {event.title}
          </h1>
          <ul className="grid gap-3 text-base sm:grid-cols-2">
            <li className="flex items-start gap-3">
              <CalendarDays className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                {hydrated ? formatLongDate(event.date) : <TextPlaceholder className="w-56" />}
              </span>
            </li>
            <li className="flex items-start gap-3">
              <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                {hydrated ? (
                  <>
                    {formatTimeRange(event.date, event.duration)} ({formatDuration(event.duration)})
                  </>
                ) : (
                  <TextPlaceholder className="w-60" />
                )}
              </span>
            </li>
            <li className="flex items-start gap-3">
              <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <bdi>{event.location}</bdi>
            </li>
            <li className="flex items-start gap-3">
              <Users className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                {/* Each number in an element of its own: the prerendered template fills them in. */}
                <Trans>
                  <span>{going}</span>/<span>{places}</span> participants
                </Trans>
              </span>
            </li>
            {/* Known only once the app has the event: the prerendered template has neither. */}
            {hydrated && freePlacesLine(event) && (
              <li className="flex items-start gap-3" data-testid="free-places">
                <HeartHandshake className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="font-semibold">{freePlacesLine(event)}</span>
              </li>
            )}
            {hydrated && event.companionAllowed && (
              <li className="flex items-start gap-3">
                <UserPlus className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <Trans>Bring a companion free (a carer, assistant or interpreter)</Trans>
                </span>
              </li>
            )}
          </ul>
        </header>

        <section aria-labelledby="about-event" className="space-y-6">
          <h2 id="about-event" className="text-2xl font-bold">
            <Trans>About This Event</Trans>
          </h2>
          <p dir="auto" className="leading-relaxed whitespace-pre-line">
            {event.description}
          </p>
          <div>
            <h3 className="text-lg font-bold">
              <Trans>What to Expect</Trans>
            </h3>
            <ul className="mt-3 space-y-2">
              {WHAT_TO_EXPECT.map((item) => (
                <li key={item.id} className="flex items-start gap-3">
                  <Check className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
                  {t(item)}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex gap-3 rounded-xl bg-accent-soft p-4 text-accent-soft-foreground">
            <Accessibility className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <h3 className="font-bold">
                <Trans>Accessibility</Trans>
              </h3>
              <p className="mt-1 text-sm">
                <Trans>
                  This session is designed to be inclusive and accessible. Tell us about any
                  access needs when you book, or contact us beforehand, and we will make sure
                  you are supported.
                </Trans>
              </p>
            </div>
          </div>
        </section>

        {/* Drawn once the app has taken over: the prerendered template has no venue. */}
        {hydrated && <VenueDetails venue={event.venue} />}

        {/* Depends on who is looking, so never in the prerendered page. */}
        {hydrated && <WhosGoing eventId={event.id} />}

        {hydrated && !free && (
          <section aria-labelledby="pricing" className="rounded-xl border p-5">
            <h2 id="pricing" className="text-xl font-bold">
              <Trans>Pricing</Trans>
            </h2>
            <p className="mt-2">
              <Trans>
                <span className="text-2xl font-extrabold">{price}</span> per person. Payment can be
                made during booking.
              </Trans>
            </p>
            <p className="mt-2 text-sm text-muted-foreground">
              <Trans>
                We offer sliding-scale pricing so cost is never a barrier. Get in touch if you
                would like to pay less.
              </Trans>
            </p>
          </section>
        )}
      </article>
      <aside ref={aside} aria-label={t`Booking`} className="lg:sticky lg:top-24 lg:self-start">
        {hydrated ? bookingPanel : <BookingCardSkeleton />}
      </aside>
    </div>
  );
}

function BookingCardSkeleton() {
  return (
    <Card className="h-56 p-6">
      <Skeleton className="h-8 w-1/2 rounded-lg" />
      <Skeleton className="mt-4 h-5 w-full rounded-lg" />
      <Skeleton className="mt-6 h-12 w-full rounded-lg" />
    </Card>
  );
}

export function EventDetailSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]" role="status">
      <span className="sr-only">
        <Trans>Loading event…</Trans>
      </span>
      <div className="space-y-4">
        <Skeleton className="aspect-2/1 w-full rounded-2xl" />
        <Skeleton className="h-6 w-24 rounded-full" />
        <Skeleton className="h-10 w-3/4 rounded-lg" />
        <Skeleton className="h-5 w-1/2 rounded-lg" />
        <Skeleton className="h-5 w-2/3 rounded-lg" />
        <Skeleton className="h-32 w-full rounded-lg" />
      </div>
      <BookingCardSkeleton />
    </div>
  );
}
