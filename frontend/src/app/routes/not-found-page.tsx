import { Compass } from "lucide-react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <EmptyState
        icon={Compass}
        title="404 Page Not Found"
        headingLevel="h1"
        actions={
          <>
            <Button asChild>
              <Link to="/">Go Home</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/events">Browse Events</Link>
            </Button>
          </>
        }
      >
        Sorry, we couldn&apos;t find that page. It may have moved, or the link may be wrong.
      </EmptyState>
    </div>
  );
}
