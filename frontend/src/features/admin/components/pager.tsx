import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { pageCount } from "../lib/use-keyset-pager";

interface PagerProps {
  /** What is paged, for the buttons' names: "users". */
  label: string;
  page: number;
  total: number;
  nextCursor: string | null | undefined;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
  busy?: boolean;
}

/** Previous / Next with "Page N of M" (announced politely as it changes). */
export function Pager({ label, page, total, nextCursor, onPrevious, onNext, busy = false }: PagerProps) {
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {pageCount(total)}
        <span className="sr-only">, {total} {label} in all</span>
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="lg" onClick={onPrevious} disabled={page <= 1 || busy}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Button
          variant="outline"
          size="lg"
          onClick={() => nextCursor && onNext(nextCursor)}
          disabled={!nextCursor || busy}
        >
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
