import { Loader2 } from "lucide-react";

/** A spinner with words, announced politely ('Loading event details...'). */
export function LoadingMessage({ children }: { children: string }) {
  return (
    <div className="flex items-center justify-center gap-3 px-4 py-24 text-muted-foreground" role="status">
      <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" /> {children}
    </div>
  );
}
