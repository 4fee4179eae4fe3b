import { AlertTriangle, ArrowRight, CalendarX } from "lucide-react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useHydrated } from "@/lib/use-hydrated";
import { useEvents } from "../api/get-events";
import { HOME_EVENT_COUNT } from "../api/query-keys";
import { EventCard } from "./event-card";
import { EventCardSkeletonGrid } from "./event-card-skeleton";

/** The home page's first three upcoming events. */
export function UpcomingEvents() {
  const events = useEvents({ limit: HOME_EVENT_COUNT });
  // The prerendered page has no events in it: placeholders until the app has taken over.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="upcoming-events" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="upcoming-events" className="text-3xl font-extrabold tracking-tight">
            Upcoming Events
          </h2>
          <p className="mt-2 text-muted-foreground">
            Friendly sessions coming up soon. Everyone is welcome, whatever your level.
          </p>
        </div>
        <Button asChild variant="outline" className="max-sm:hidden">
          <Link to="/events">
            View All Events <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <div className="mt-8">
        {!hydrated || events.isPending ? (
          <EventCardSkeletonGrid count={HOME_EVENT_COUNT} />
        ) : events.isError ? (
          <EmptyState
            icon={AlertTriangle}
            title="We couldn't load events"
            actions={<Button onClick={() => void events.refetch()}>Try again</Button>}
          >
            Please check your connection and try again.
          </EmptyState>
        ) : events.data.length === 0 ? (
          <EmptyState icon={CalendarX} title="No upcoming events yet">
            New sessions are added every week. Please check back soon.
          </EmptyState>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {events.data.map((event) => (
              <li key={event.id}>
                <EventCard event={event} eagerImage />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button asChild size="lg" className="mt-8 w-full sm:hidden">
        <Link to="/events">
          View All Events <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}
