import { Link } from "@/lib/router";
import { useRecommendations } from "../api/get-recommendations";
import { EventCard } from "./event-card";
import { EventCardSkeletonGrid } from "./event-card-skeleton";

/** How many placeholder cards show while recommendations load: one row on a wide screen. */
const LOADING_CARDS = 3;

/**
 * "Recommended for you", loaded only for a signed-in person (see recommended-for-you.tsx).
 * Nothing at all when there is nothing to recommend or the call fails: the Upcoming Events
 * section just above already covers an empty programme and its errors.
 */
export default function RecommendedEvents() {
  const recommendations = useRecommendations();
  if (recommendations.isError || recommendations.data?.length === 0) return null;
  return (
    <section aria-labelledby="recommended-events" className="border-t">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="recommended-events" className="text-3xl font-extrabold tracking-tight">
          Recommended for you
        </h2>
        <p className="mt-2 text-muted-foreground">
          Sessions picked for your favourite sports, level and the times that suit you.{" "}
          <Link to="/preferences" className="font-medium text-primary underline underline-offset-4">
            Update your preferences
          </Link>
        </p>
        <div className="mt-8">
          {recommendations.isPending ? (
            <EventCardSkeletonGrid count={LOADING_CARDS} />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {recommendations.data.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
