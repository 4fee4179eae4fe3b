import { Trans } from "@lingui/react/macro";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** A page whose feature has not launched yet, with ways to carry on. */
export function ComingSoon({ icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <EmptyState
        icon={icon}
        title={title}
        headingLevel="h1"
        actions={
          <>
            <Button asChild>
              <Link to="/events">
                <Trans>Browse Events</Trans>
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/contact">
                <Trans>Contact Us</Trans>
              </Link>
            </Button>
          </>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}
