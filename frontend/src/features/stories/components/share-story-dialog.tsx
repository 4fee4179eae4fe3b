import { zodResolver } from "@hookform/resolvers/zod";
import { PenLine, Send } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { STORY_CATEGORIES } from "@/lib/story-form";
import { storyFormSchema, useSubmitStory, type StoryFormValues } from "../api/stories";

const EMPTY: StoryFormValues = { title: "", excerpt: "", category: "", content: "", authorName: "", website: "" };
const FAILED = "There was an error submitting your story. Please try again.";

/**
 * Share Your Story: anyone may send one; the team reviews it before it is published. Pages
 * show ShareStoryButton, which loads this on demand (`defaultOpen` when asked to open).
 */
export function ShareStoryDialog({ triggerClassName, defaultOpen = false }: { triggerClassName?: string; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const form = useForm<StoryFormValues>({ resolver: zodResolver(storyFormSchema), defaultValues: EMPTY });
  const submit = useSubmitStory();
  const { errors } = form.formState;

  const onValid = (values: StoryFormValues) => {
    submit.mutate(values, {
      onSuccess: () => {
        toast.success("Story Submitted!", {
          description: "Thank you for sharing your story! Our team will review it and publish it soon.",
        });
        form.reset(EMPTY);
        setOpen(false);
      },
      onError: (error) => {
        applyServerFieldErrors(form, error, fieldsOf(EMPTY));
        // Too many submissions, or a full review queue: the server says when to try again.
        const told = error instanceof ApiError && (error.status === 429 || error.body?.code === "review_queue_full");
        toast.error("Submission Failed", { description: told ? errorMessage(error, FAILED) : FAILED });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (submit.isPending) return;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="lg" className={triggerClassName}>
          <PenLine aria-hidden="true" /> Share Your Story
        </Button>
      </DialogTrigger>
      <DialogContent wide>
        <DialogTitle>Share Your Story</DialogTitle>
        <DialogDescription>
          Tell the community about a session, a first time or a friendship made through sport. Our team reads
          every story before it is published.
        </DialogDescription>
        <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <Field label="Story Title" required error={errors.title?.message}>
            {(props) => <Input {...props} {...form.register("title")} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Your Name" required error={errors.authorName?.message}>
              {(props) => <Input autoComplete="name" {...props} {...form.register("authorName")} />}
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
                        {STORY_CATEGORIES.map((category) => (
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
          <Field
            label="Summary"
            required
            hint="One or two sentences shown on the stories page."
            error={errors.excerpt?.message}
          >
            {(props) => <Textarea rows={2} className="min-h-16" {...props} {...form.register("excerpt")} />}
          </Field>
          <Field
            label="Your Story"
            required
            hint="Leave a blank line between paragraphs."
            error={errors.content?.message}
          >
            {(props) => <Textarea rows={8} {...props} {...form.register("content")} />}
          </Field>
          {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology,
              so only form-filling robots fill it (the server then keeps nothing). */}
          <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
            <label htmlFor="story-website">Website (leave empty)</label>
            <input id="story-website" type="text" tabIndex={-1} autoComplete="off" {...form.register("website")} />
          </div>
          <DialogFooter>
            <Button type="submit" size="lg" disabled={submit.isPending}>
              <Send aria-hidden="true" />
              {submit.isPending ? "Submitting..." : "Submit Story"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
