import { BookOpen, Loader2, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useStories } from "@/features/stories/api/stories";
import { FollowStories } from "@/features/stories/components/follow-stories";
import { ShareStoryButton } from "@/features/stories/components/share-story-button";
import {
  FeaturedStory,
  StoryCard,
  StoryCardSkeletonGrid,
} from "@/features/stories/components/story-cards";
import { SubscribeBox } from "@/features/newsletter/components/subscribe-box";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * The server sends /blog prerendered (docs/adr/0006) with the newest story in the Featured
 * Story card and the first page inlined; the rest of that page, and whether there is more,
 * are drawn once the app has taken over, in placeholders until then.
 */
function Stories() {
  const stories = useStories();
  const hydrated = useHydrated();
  if (stories.isPending) return <StoryCardSkeletonGrid />;
  if (stories.isError) {
    return (
      <EmptyState
        icon={RefreshCw}
        title="Stories could not be loaded"
        actions={<Button onClick={() => void stories.refetch()}>Try again</Button>}
      >
        Please check your connection and try again.
      </EmptyState>
    );
  }
  const [featured, ...rest] = stories.data.pages.flatMap((page) => page.posts);
  if (!featured) {
    return (
      <EmptyState icon={BookOpen} title="No stories yet" actions={<ShareStoryButton />}>
        Be the first to share how sport has brought you together with others.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-12">
      <section aria-labelledby="featured-story" className="space-y-4">
        <h2 id="featured-story" className="text-2xl font-extrabold tracking-tight">
          Featured Story
        </h2>
        <FeaturedStory story={featured} />
      </section>
      {(!hydrated || rest.length > 0) && (
        <section aria-labelledby="more-stories" className="space-y-4">
          <h2 id="more-stories" className="text-2xl font-extrabold tracking-tight">
            More Stories
          </h2>
          {hydrated ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {rest.map((story) => (
                <li key={story.id}>
                  <StoryCard story={story} />
                </li>
              ))}
            </ul>
          ) : (
            <StoryCardSkeletonGrid />
          )}
        </section>
      )}
      {hydrated && stories.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="lg"
            disabled={stories.isFetchingNextPage}
            onClick={() => void stories.fetchNextPage()}
          >
            {stories.isFetchingNextPage && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
            {stories.isFetchingNextPage ? "Loading..." : "Load More Stories"}
          </Button>
        </div>
      )}
    </div>
  );
}

export default function BlogPage() {
  useDocumentTitle("Community Stories");
  return (
    <>
      <section className="border-b bg-linear-to-b from-secondary/70 to-background">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Community Stories
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            First swims, new teammates and quiet victories: stories from the people who make our
            sessions what they are.
          </p>
          <div className="mt-8 flex justify-center">
            <ShareStoryButton />
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-7xl space-y-16 px-4 py-12 sm:px-6 lg:px-8">
        <Stories />
        <SubscribeBox />
        <FollowStories />
      </div>
    </>
  );
}
