import { Loader2, ShieldX } from "lucide-react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ACCESS_DENIED, NO_PERMISSION } from "../api/access";

/** The spec's refusal for anyone whose role does not allow the dashboard. */
export function AccessDenied() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        icon={ShieldX}
        title={ACCESS_DENIED}
        headingLevel="h1"
        actions={
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        }
      >
        {NO_PERMISSION}
      </EmptyState>
    </div>
  );
}

/** Shown while the server confirms the admin session. */
export function VerifyingAccess() {
  return (
    <div className="flex items-center justify-center gap-3 px-4 py-24 text-muted-foreground" role="status">
      <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" /> Verifying access...
    </div>
  );
}
