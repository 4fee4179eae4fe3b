import { Trans } from "@lingui/react/macro";
import { Skeleton } from "@/components/ui/skeleton";

/** Shown while a page's code downloads. */
export function PageFallback() {
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-12 sm:px-6 lg:px-8" role="status">
      <span className="sr-only">
        <Trans>Loading page…</Trans>
      </span>
      <Skeleton className="h-10 w-2/3 max-w-md rounded-lg" />
      <Skeleton className="h-5 w-full max-w-xl rounded-lg" />
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}
