import { ArrowRight, CalendarDays, UserRound } from "lucide-react";
import { Link } from "@/lib/router";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useHydrated } from "@/lib/use-hydrated";
import type { StorySummary } from "../api/stories";

const published = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** The longest month's name with two-digit days (digits are drawn the same width here). */
const WIDEST_DATE = "28 September 2028";

/** "24 November 2026", the day a story was published in London. */
function formatStoryDate(iso: string): string {
  return published.format(new Date(iso));
}

/**
 * Who wrote it and when, as one line. The date is the browser's to format (in London's time
 * zone, on the reader's clock): on a prerendered story page it is a placeholder until the
 * app has taken over (src/lib/use-hydrated.ts).
 */
export function StoryByline({ story }: { story: StorySummary }) {
  const hydrated = useHydrated();
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="size-4" aria-hidden="true" />
        {story.authorName}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden="true" />
        {/* As wide as the widest date, drawn or not: a date wider than its placeholder would
            wrap the line after hydration and move everything below it. */}
        <span className="inline-grid tabular-nums">
          <span aria-hidden="true" className="invisible col-start-1 row-start-1">
            {WIDEST_DATE}
          </span>
          {hydrated ? (
            <time dateTime={story.publishedAt} className="col-start-1 row-start-1">
              {formatStoryDate(story.publishedAt)}
            </time>
          ) : (
            <span aria-hidden="true" className="col-start-1 row-start-1 h-5 motion-safe:animate-pulse rounded-md bg-muted" />
          )}
        </span>
      </span>
    </p>
  );
}

function ReadMore({ story }: { story: StorySummary }) {
  return (
    <Link
      to={`/blog/${story.id}`}
      className="inline-flex items-center gap-1.5 rounded-md font-semibold text-primary underline-offset-4 hover:underline"
    >
      Read more <span className="sr-only">of {story.title}</span>
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

/** The newest story, given the width of the page. */
export function FeaturedStory({ story }: { story: StorySummary }) {
  return (
    <Card className="relative overflow-hidden p-6 sm:p-10">
      <div
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-1.5 bg-linear-to-b from-primary to-accent-soft-foreground"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Badge>Featured</Badge>
        <Badge variant="accent">{story.category}</Badge>
      </div>
      <h3 className="mt-4 text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">{story.title}</h3>
      <p className="mt-3 max-w-3xl text-lg leading-relaxed text-muted-foreground">{story.excerpt}</p>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-4">
        <StoryByline story={story} />
        <ReadMore story={story} />
      </div>
    </Card>
  );
}

export function StoryCard({ story }: { story: StorySummary }) {
  return (
    <Card className="flex h-full flex-col p-6">
      <Badge variant="accent">{story.category}</Badge>
      <h3 className="mt-3 text-xl font-bold tracking-tight text-balance">{story.title}</h3>
      <p className="mt-2 line-clamp-4 flex-1 leading-relaxed text-muted-foreground">{story.excerpt}</p>
      <div className="mt-4 space-y-3">
        <StoryByline story={story} />
        <ReadMore story={story} />
      </div>
    </Card>
  );
}

function StoryCardSkeleton() {
  return (
    <Card className="space-y-3 p-6">
      <Skeleton className="h-5 w-24 rounded-full" />
      <Skeleton className="h-6 w-3/4 rounded-lg" />
      <Skeleton className="h-4 w-full rounded-lg" />
      <Skeleton className="h-4 w-2/3 rounded-lg" />
      <Skeleton className="h-4 w-1/2 rounded-lg" />
    </Card>
  );
}

/** Six placeholder cards while the stories load, announced once to screen readers. */
export function StoryCardSkeletonGrid() {
  return (
    <div role="status" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading stories…</span>
      {Array.from({ length: 6 }, (_, index) => (
        <StoryCardSkeleton key={index} />
      ))}
    </div>
  );
}
