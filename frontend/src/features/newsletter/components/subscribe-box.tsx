import { Loader2, Mail } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useSubscribe } from "../api/newsletter";

const FAILED = "We couldn't subscribe you just now. Please try again.";

/**
 * The blog's Subscribe box: an address gets a link to confirm (double opt-in). The answer is
 * the same whether or not it was already subscribed, and is read out in a live region.
 */
export function SubscribeBox() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [website, setWebsite] = useState("");
  const subscribe = useSubscribe();
  const error = subscribe.error;
  const fieldError = error instanceof ApiError ? error.body?.fieldErrors?.email : undefined;
  const otherError = error && !fieldError ? errorMessage(error, FAILED) : undefined;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border bg-secondary/60 px-5 py-8 sm:px-10">
      <div className="mx-auto max-w-2xl text-center">
        <span className="mx-auto flex size-11 items-center justify-center rounded-full bg-background text-primary">
          <Mail className="size-5" aria-hidden="true" />
        </span>
        <h2 id={`${id}-heading`} className="mt-3 text-2xl font-extrabold tracking-tight">
          Get Stories in Your Inbox
        </h2>
        <p className="mt-2 text-muted-foreground">
          Community stories, new sessions and news from PlaySpace. We'll email you a link to confirm first, and every
          newsletter has a link to unsubscribe.
        </p>
        <form
          noValidate
          className="mt-6 text-start"
          onSubmit={(event) => {
            event.preventDefault();
            if (subscribe.isPending) return;
            // The address stays in the box whatever happens, so a typo is fixed, not retyped.
            subscribe.mutate({ email, website });
          }}
        >
          <Label htmlFor={`${id}-email`}>Email address</Label>
          <div className="mt-1.5 flex flex-col gap-3 sm:flex-row">
            <Input
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.org"
              className="sm:flex-1"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={Boolean(fieldError)}
              {...(fieldError ? { "aria-describedby": `${id}-error` } : {})}
            />
            <Button type="submit" disabled={subscribe.isPending} className="sm:w-36">
              {subscribe.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
              {subscribe.isPending ? "Subscribing..." : "Subscribe"}
            </Button>
          </div>
          {fieldError && (
            <div className="mt-1.5">
              <FieldError id={`${id}-error`}>{fieldError}</FieldError>
            </div>
          )}
          {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology,
              so only form-filling robots fill it (the server then does nothing). */}
          <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Website (leave empty)</label>
            <input
              id={`${id}-website`}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
            />
          </div>
          <div aria-live="polite" className="mt-4 text-center">
            {subscribe.isSuccess && (
              <p>
                <strong className="font-bold">{subscribe.data.title}.</strong>{" "}
                <span className="text-muted-foreground">{subscribe.data.message}</span>
              </p>
            )}
            {otherError && <p className="font-medium text-destructive">{otherError}</p>}
          </div>
        </form>
      </div>
    </section>
  );
}
