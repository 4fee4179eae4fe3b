import { ArrowLeft, BookX } from "lucide-react";
import { Link, useParams } from "@/lib/router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useStory } from "@/features/stories/api/stories";
import { StoryByline } from "@/features/stories/components/story-cards";
import { StoryHtml } from "@/features/stories/components/story-html";
import { useDocumentTitle } from "@/lib/use-document-title";

// The cleaned HTML's elements, styled here since the content has no classes of its own.
const PROSE =
  "mt-8 space-y-5 text-lg leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-4 [&_blockquote]:border-primary [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:pt-2 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6";

function StorySkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading story…</span>
      <Skeleton className="h-5 w-28 rounded-full" />
      <Skeleton className="h-10 w-3/4 rounded-lg" />
      <Skeleton className="h-5 w-full rounded-lg" />
      <Skeleton className="h-5 w-5/6 rounded-lg" />
      <Skeleton className="mt-8 h-40 w-full rounded-lg" />
    </div>
  );
}

/**
 * /blog/{id}. The server sends it prerendered (docs/adr/0006) with the story's title, summary,
 * category, author and content filled in (the content as the server's allow-list cleans it,
 * which is what htmlToReact draws from it here), and the story itself inlined; its date is
 * drawn once the app has taken over.
 */
export default function StoryPage() {
  const { id = "" } = useParams();
  const story = useStory(id);
  useDocumentTitle(story.data ? story.data.title : story.isError ? "Story Not Found" : "Loading story");

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to="/blog">
          <ArrowLeft aria-hidden="true" /> Back to Stories
        </Link>
      </Button>
      {story.data ? (
        <article>
          <Badge variant="accent">{story.data.category}</Badge>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{story.data.title}</h1>
          <p className="mt-4 text-xl leading-relaxed text-muted-foreground">{story.data.excerpt}</p>
          <div className="mt-5 border-b pb-6">
            <StoryByline story={story.data} />
          </div>
          <StoryHtml html={story.data.content} className={PROSE} />
        </article>
      ) : story.isError ? (
        <EmptyState
          icon={BookX}
          title="Story Not Found"
          headingLevel="h1"
          actions={
            <Button asChild>
              <Link to="/blog">Back to Stories</Link>
            </Button>
          }
        >
          The story you&apos;re looking for doesn&apos;t exist or hasn&apos;t been published yet.
        </EmptyState>
      ) : (
        <StorySkeleton />
      )}
    </div>
  );
}
