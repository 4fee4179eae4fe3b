import { zodResolver } from "@hookform/resolvers/zod";
import { Check, ChevronLeft, ChevronRight, Eye, EyeOff, Inbox, Newspaper, Pencil, Plus, X } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { formatShortDate } from "@/lib/format";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import type { AdminRole } from "../api/access";
import type { AdminStory } from "../api/admin-story-schema";
import { useAdminStories, type StoriesStatus } from "../api/get-admin-stories";
import { useDeclineStory, useStoryAction, type StoryAction } from "../api/review-story";
import { useSaveAdminStory } from "../api/save-admin-story";
import { TEAM_CATEGORIES } from "@/lib/story-form";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";
import {
  declineFormSchema,
  MAX_DECLINE_REASON,
  storyFormSchema,
  storyText,
  type StoryFormValues,
} from "../lib/story-form";
import { useKeysetPager } from "../lib/use-keyset-pager";
import { EmptyList, ListSkeleton, LoadError } from "./list-states";

const EMPTY: StoryFormValues = { title: "", excerpt: "", category: "", content: "", authorName: "", isPublished: true };

function statusOf(story: AdminStory): { label: string; variant: "default" | "secondary" | "accent" | "outline" } {
  if (story.reviewStatus === "pending") return { label: "Waiting for review", variant: "accent" };
  if (story.reviewStatus === "declined") return { label: "Declined", variant: "outline" };
  return story.isPublished ? { label: "Published", variant: "default" } : { label: "Draft", variant: "secondary" };
}

/** Previous / Next over keyset pages (the list has no total to count pages by). */
function PageButtons({ label, page, nextCursor, onPrevious, onNext, busy }: {
  label: string;
  page: number;
  nextCursor: string | null;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
  busy: boolean;
}) {
  if (page <= 1 && !nextCursor) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="lg" onClick={onPrevious} disabled={page <= 1 || busy}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Button variant="outline" size="lg" onClick={() => nextCursor && onNext(nextCursor)} disabled={!nextCursor || busy}>
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

function useStoriesPage(status: StoriesStatus) {
  const pager = useKeysetPager(status);
  const list = useAdminStories(status, pager.cursor);
  return { pager, list };
}

/** Says what happened after approve, publish or unpublish. */
const ACTION_TOASTS: Record<StoryAction, string> = {
  approve: "Story approved and published",
  publish: "Blog post published",
  unpublish: "Blog post unpublished",
};

function useStoryActionWithToasts() {
  const action = useStoryAction();
  const run = (story: AdminStory, what: StoryAction) =>
    action.mutate(
      { id: story.id, action: what },
      {
        onSuccess: (saved) => toast.success(ACTION_TOASTS[what], { description: saved.title }),
        onError: (error) => toast.error(ADMIN_TOASTS.updateFailed, { description: errorMessage(error, TRY_AGAIN) }),
      },
    );
  return { run, pendingId: action.isPending ? action.variables.id : null };
}

function DeclineDialog({ story, onClose }: { story: AdminStory; onClose: () => void }) {
  const decline = useDeclineStory();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(declineFormSchema), defaultValues: { reason: "" } });
  const { errors } = form.formState;
  const onValid = ({ reason }: { reason: string }) =>
    decline.mutate(
      { id: story.id, reason },
      {
        onSuccess: ({ emailed }) => {
          toast.success("Story declined", {
            description: emailed ? "The author has been emailed your reason." : "The author left no address, so they won't be told.",
          });
          onClose();
        },
        onError: (error) => {
          applyServerFieldErrors(form, error, fieldsOf({ reason: "" }));
          toast.error(ADMIN_TOASTS.updateFailed, { description: errorMessage(error, TRY_AGAIN) });
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !decline.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>Decline this story?</DialogTitle>
        <DialogDescription>
          &ldquo;{story.title}&rdquo; will not be published.{" "}
          {story.hasAuthorEmail
            ? "Its author will be emailed the reason you give."
            : "Its author left no email address, so they won't be told; the reason is kept with the story."}
        </DialogDescription>
        <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <Field label="Reason" required hint={`Be kind and specific; at most ${MAX_DECLINE_REASON} characters.`} error={errors.reason?.message}>
            {(props) => <Textarea rows={4} maxLength={MAX_DECLINE_REASON} {...props} {...form.register("reason")} />}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={decline.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? "Declining..." : "Decline story"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function QueueItem({ story, onDecline, busy, onApprove }: {
  story: AdminStory;
  onDecline: () => void;
  onApprove: () => void;
  busy: boolean;
}) {
  const headingId = `queue-${story.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-border bg-card p-4 shadow-sm">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="outline">{story.category}</Badge>
          <span>
            By {story.authorName}, sent {formatShortDate(story.createdAt)}
          </span>
        </div>
        <h4 id={headingId} className="mt-2 text-lg font-semibold break-words">
          {story.title}
        </h4>
        <p className="mt-1 text-sm break-words">{story.excerpt}</p>
        <details className="mt-3 rounded-lg bg-muted/50 p-3">
          <summary className="cursor-pointer font-medium">Read the story</summary>
          <p className="mt-2 text-sm break-words whitespace-pre-line">{storyText(story.content)}</p>
        </details>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={onApprove} disabled={busy} aria-describedby={headingId}>
            <Check aria-hidden="true" /> {busy ? "Approving..." : "Approve"}
          </Button>
          <Button variant="outline" onClick={onDecline} disabled={busy} aria-describedby={headingId}>
            <X aria-hidden="true" /> Decline
          </Button>
        </div>
      </article>
    </li>
  );
}

/** Stories sent through Share Your Story, waiting for a moderator or admin. */
function ReviewQueue() {
  const { pager, list } = useStoriesPage("submitted");
  const { run, pendingId } = useStoryActionWithToasts();
  const [declining, setDeclining] = useState<AdminStory | null>(null);
  return (
    <section aria-labelledby="review-queue-heading" className="space-y-3">
      <div>
        <h3 id="review-queue-heading" className="text-lg font-bold">
          Review queue
        </h3>
        <p className="text-sm text-muted-foreground">Approving publishes a story on /blog at once.</p>
      </div>
      {list.isPending ? (
        <ListSkeleton label="Loading stories waiting for review" rows={2} />
      ) : list.isError ? (
        <LoadError title="Couldn't load the review queue" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.posts.length === 0 ? (
        <EmptyList icon={Inbox} title="No stories waiting for review">
          Stories people share appear here.
        </EmptyList>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Stories waiting for review">
            {list.data.posts.map((story) => (
              <QueueItem
                key={story.id}
                story={story}
                busy={pendingId === story.id}
                onApprove={() => run(story, "approve")}
                onDecline={() => setDeclining(story)}
              />
            ))}
          </ul>
          <PageButtons
            label="Review queue"
            page={pager.page}
            nextCursor={list.data.nextCursor}
            onPrevious={pager.previous}
            onNext={pager.next}
            busy={list.isFetching}
          />
        </>
      )}
      {declining && <DeclineDialog story={declining} onClose={() => setDeclining(null)} />}
    </section>
  );
}

function StoryFormDialog({ story, onClose }: { story: AdminStory | null; onClose: () => void }) {
  const save = useSaveAdminStory();
  const form = useForm<StoryFormValues>({
    resolver: zodResolver(storyFormSchema),
    defaultValues: story
      ? {
          title: story.title,
          excerpt: story.excerpt,
          category: story.category,
          content: story.content,
          authorName: story.authorName,
          isPublished: story.isPublished,
        }
      : EMPTY,
  });
  const { errors } = form.formState;
  const onValid = ({ isPublished, ...fields }: StoryFormValues) =>
    save.mutate(
      { id: story?.id, fields, isPublished },
      {
        onSuccess: (saved) => {
          if (story) toast.success("Blog post updated successfully", { description: saved.title });
          else toast.success(ADMIN_TOASTS.blogPostCreated, { description: saved.isPublished ? saved.title : `${saved.title} (draft)` });
          onClose();
        },
        onError: (error) => {
          applyServerFieldErrors(form, error, fieldsOf(EMPTY));
          toast.error(story ? ADMIN_TOASTS.updateFailed : ADMIN_TOASTS.creationFailed, {
            description: errorMessage(error, TRY_AGAIN),
          });
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent wide>
        <DialogTitle>{story ? "Edit blog post" : "New blog post"}</DialogTitle>
        <DialogDescription>
          Links, bold, italics, lists and headings are kept; other markup is removed when saved. Blank lines start new paragraphs.
        </DialogDescription>
        <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <Field label="Title" required error={errors.title?.message}>
            {(props) => <Input autoComplete="off" {...props} {...form.register("title")} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Author name" required error={errors.authorName?.message}>
              {(props) => <Input autoComplete="off" {...props} {...form.register("authorName")} />}
            </Field>
            <Field label="Category" required error={errors.category?.message}>
              {(props) => (
                <Controller
                  control={form.control}
                  name="category"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                      <SelectTrigger {...props} ref={field.ref} onBlur={field.onBlur}>
                        <SelectValue placeholder="Choose a category" />
                      </SelectTrigger>
                      <SelectContent>
                        {TEAM_CATEGORIES.map((category) => (
                          <SelectItem key={category} value={category}>
                            {category}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </Field>
          </div>
          <Field label="Summary" required hint="Shown on the stories list." error={errors.excerpt?.message}>
            {(props) => <Textarea rows={2} {...props} {...form.register("excerpt")} />}
          </Field>
          <Field label="Content" required error={errors.content?.message}>
            {(props) => <Textarea rows={10} className="min-h-48" {...props} {...form.register("content")} />}
          </Field>
          {!story && (
            <Controller
              control={form.control}
              name="isPublished"
              render={({ field }) => (
                <div className="flex flex-wrap items-center gap-3">
                  <Switch id="story-published" checked={field.value} onCheckedChange={field.onChange} aria-describedby="story-published-hint" />
                  <Label htmlFor="story-published">Publish now</Label>
                  <span id="story-published-hint" className="text-sm text-muted-foreground">
                    Off keeps it as a draft only the team sees.
                  </span>
                </div>
              )}
            />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : story ? "Save changes" : "Create post"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Every story, the team's and those sent in: edit, publish and unpublish (admins). */
function AllPosts() {
  const { pager, list } = useStoriesPage("all");
  const { run, pendingId } = useStoryActionWithToasts();
  const [editing, setEditing] = useState<AdminStory | "new" | null>(null);
  return (
    <section aria-labelledby="all-posts-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="all-posts-heading" className="text-lg font-bold">
            All posts
          </h3>
          <p className="text-sm text-muted-foreground">Newest written first, drafts and stories sent in included.</p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> New post
        </Button>
      </div>
      {list.isPending ? (
        <ListSkeleton label="Loading blog posts" />
      ) : list.isError ? (
        <LoadError title="Couldn't load the blog posts" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.posts.length === 0 ? (
        <EmptyList icon={Newspaper} title="No blog posts yet">
          Write the first with New post.
        </EmptyList>
      ) : (
        <>
          <ul className="divide-y divide-border rounded-xl border border-border bg-card" aria-label="Blog posts">
            {list.data.posts.map((story) => {
              const status = statusOf(story);
              const toggles = story.reviewStatus === null || story.reviewStatus === "approved";
              const busy = pendingId === story.id;
              const titleId = `post-${story.id}`;
              return (
                <li key={story.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                  <div className="min-w-0">
                    <p id={titleId} className="font-semibold break-words">
                      {story.title}
                    </p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                      <Badge variant={status.variant}>{status.label}</Badge>
                      <span>{story.category}</span>
                      <span aria-hidden="true">·</span>
                      <span>{story.authorName}</span>
                      <span aria-hidden="true">·</span>
                      <span>{formatShortDate(story.publishedAt ?? story.createdAt)}</span>
                    </p>
                    {story.reviewStatus === "declined" && story.declineReason && (
                      <p className="mt-1 text-sm break-words text-muted-foreground">Declined: {story.declineReason}</p>
                    )}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button variant="outline" onClick={() => setEditing(story)} aria-describedby={titleId}>
                      <Pencil aria-hidden="true" /> Edit
                    </Button>
                    {toggles &&
                      (story.isPublished ? (
                        <Button variant="outline" disabled={busy} onClick={() => run(story, "unpublish")} aria-describedby={titleId}>
                          <EyeOff aria-hidden="true" /> {busy ? "Unpublishing..." : "Unpublish"}
                        </Button>
                      ) : (
                        <Button disabled={busy} onClick={() => run(story, "publish")} aria-describedby={titleId}>
                          <Eye aria-hidden="true" /> {busy ? "Publishing..." : "Publish"}
                        </Button>
                      ))}
                  </div>
                </li>
              );
            })}
          </ul>
          <PageButtons
            label="Blog posts"
            page={pager.page}
            nextCursor={list.data.nextCursor}
            onPrevious={pager.previous}
            onNext={pager.next}
            busy={list.isFetching}
          />
        </>
      )}
      {editing && <StoryFormDialog story={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** The Blog tab: the review queue for moderators and admins; every post for admins. */
export function BlogTab({ role }: { role: AdminRole }) {
  return (
    <section aria-labelledby="blog-tab-heading" className="space-y-8">
      <div>
        <h2 id="blog-tab-heading" className="text-xl font-bold">
          Blog
        </h2>
        <p className="text-sm text-muted-foreground">Community stories: review what people share{role === "admin" ? ", and write the team's posts" : ""}.</p>
      </div>
      <ReviewQueue />
      {role === "admin" && <AllPosts />}
    </section>
  );
}
