/** A select's button, shared with look-alikes that stand in for it before its code loads. */
export const selectTriggerClass =
  "flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 py-2 text-left text-sm text-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive data-placeholder:text-muted-foreground [&>span]:truncate";
