import { Trans } from "@lingui/react/macro";
import { AlertCircle, ArrowRight } from "lucide-react";
import type { Ref } from "react";
import { Link } from "@/lib/router";
import { Alert } from "@/components/ui/alert";

export interface Refusal {
  title: string;
  message: string;
  /** The Community plan's monthly limit: the way out is a plan without one. */
  upgrade: boolean;
}

/**
 * Why a booking was refused, beside the button that asked: the server's words and, when
 * the Community plan's monthly limit is the reason, a link to the membership plans.
 */
export default function BookingRefusal({ refusal, ref }: { refusal: Refusal; ref?: Ref<HTMLDivElement> }) {
  return (
    <Alert ref={ref} variant="destructive" role="alert" tabIndex={-1} className="outline-none focus-visible:outline-2">
      <AlertCircle aria-hidden="true" />
      <div>
        <p className="font-semibold">{refusal.title}</p>
        <p className="mt-1">{refusal.message}</p>
        {refusal.upgrade && (
          <Link
            to="/membership"
            className="mt-2 inline-flex items-center gap-1 font-semibold text-primary underline underline-offset-4 hover:no-underline"
          >
            <Trans>See membership plans</Trans> <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
    </Alert>
  );
}
