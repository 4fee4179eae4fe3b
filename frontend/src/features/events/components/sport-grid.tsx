import { useSearchParams } from "@/lib/router";
import type { SportSummary } from "../api/events-summary-schema";
import { withFilter } from "../lib/event-filters";
import { SportCard } from "./sport-card";

/** One card per sport, in the summary's (alphabetical) order. */
export function SportGrid({ sports }: { sports: readonly SportSummary[] }) {
  const [searchParams] = useSearchParams();
  return (
    <section aria-labelledby="choose-sport">
      <h2 id="choose-sport" className="text-2xl font-extrabold tracking-tight">
        Choose Your Sport
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {sports.map((sport) => (
          <li key={sport.category} className="flex">
            <SportCard
              sport={sport}
              to={`?${withFilter(searchParams, "sport", sport.category).toString()}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
