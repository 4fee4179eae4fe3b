import { LogIn } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "@/lib/router";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatLongDate, formatShortDate } from "@/lib/format";
import { saveReturnUrl } from "@/lib/return-url";
import { site } from "@/lib/site";
import { useChoosePlan } from "../api/choose-plan";
import { currentMembership, useMemberships } from "../api/get-memberships";
import { planName, usePlans, type Plan } from "../api/plans";
import { fundedLine, useSolidarityMonth } from "../api/get-solidarity";
import { CancelPlanDialog } from "./cancel-plan-dialog";
import { PlanCard } from "./plan-card";

export const LOGIN_FOR_PLAN = "Please login to select a membership plan";
const CREATED = `Welcome to ${site.name}! You can now access all your membership benefits.`;

function showCreated() {
  toast.success("Membership Created!", { description: CREATED });
}

function isSafeRedirect(url: string): boolean {
  try {
    const target = new URL(url, window.location.origin);
    return target.origin === window.location.origin || target.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Coming back from a paid plan's checkout (/membership?session_id=...): once the list
 * (fetched afresh on arrival) shows the plan active, say so; then drop the parameter so a
 * reload doesn't say it again.
 */
function useCheckoutReturn(memberships: ReturnType<typeof useMemberships>) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get("session_id");
  const handled = useRef<string | null>(null);
  const settled = memberships.isFetchedAfterMount && !memberships.isFetching;
  const list = memberships.data;

  useEffect(() => {
    if (!sessionId || !settled || handled.current === sessionId) return;
    handled.current = sessionId;
    const current = list ? currentMembership(list) : undefined;
    if (current && current.plan !== "community") showCreated();
    else toast.info("We're confirming your payment. Your membership will appear here shortly.");
    navigate("/membership", { replace: true });
  }, [sessionId, settled, list, navigate]);
}

/** The plan cards, the visitor's current plan, and choosing one. */
export function MembershipPlans() {
  const { user, status } = useAuth();
  const plans = usePlans();
  const memberships = useMemberships();
  const choose = useChoosePlan();
  const [selected, setSelected] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const statusLine = useRef<HTMLParagraphElement>(null);
  useCheckoutReturn(memberships);

  const current = memberships.data ? currentMembership(memberships.data) : undefined;
  // Supporters (plan champion) hear what their plan paid for this month.
  const solidarity = useSolidarityMonth(current?.plan === "champion");
  const funded = solidarity.data ? fundedLine(solidarity.data) : null;
  const busy = choose.isPending || redirecting;

  const onChoose = (plan: Plan) => {
    if (!user) {
      saveReturnUrl("/membership");
      toast.error("Login Required", { description: LOGIN_FOR_PLAN });
      return;
    }
    setSelected(plan.id);
    choose.mutate(plan, {
      onSuccess: (choice) => {
        if (choice.kind === "checkout" && isSafeRedirect(choice.url)) {
          setRedirecting(true);
          window.location.assign(choice.url);
          return;
        }
        setSelected(null);
        showCreated();
      },
      onError: (error) => {
        setSelected(null);
        const signedOut = error instanceof ApiError && error.status === 401;
        toast.error("Error", {
          description: signedOut ? LOGIN_FOR_PLAN : errorMessage(error, "Failed to create membership. Please try again."),
        });
      },
    });
  };

  return (
    <div className="space-y-8">
      {status === "signedOut" && (
        <Alert variant="info" className="flex-col sm:flex-row sm:items-center">
          <LogIn aria-hidden="true" />
          <p className="flex-1">{LOGIN_FOR_PLAN}.</p>
          <div className="flex gap-2">
            <Button asChild size="sm">
              <Link to="/login" onClick={() => saveReturnUrl("/membership")}>
                Log In
              </Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to="/signup" onClick={() => saveReturnUrl("/membership")}>
                Sign Up
              </Link>
            </Button>
          </div>
        </Alert>
      )}
      {current && (
        <div className="text-center text-muted-foreground">
          <p ref={statusLine} tabIndex={-1} className="inline outline-none" role="status">
            You&apos;re on the <strong className="text-foreground">{planName(plans.data, current.plan)}</strong> plan
            {current.endDate
              ? `, until ${formatLongDate(current.endDate)}. It won't renew.`
              : `, since ${formatShortDate(current.startDate)}.`}
          </p>
          {current.plan !== "community" && !current.endDate && (
            <>
              {" "}
              <CancelPlanDialog
                planName={planName(plans.data, current.plan)}
                onCancelled={() => statusLine.current?.focus()}
              />
            </>
          )}
          {funded && (
            <p className="mt-2 font-semibold text-foreground" data-testid="supporter-funded">
              {funded}
            </p>
          )}
        </div>
      )}
      {plans.isPending ? (
        <div className="mx-auto grid max-w-6xl gap-6 md:grid-cols-3">
          <p className="sr-only" role="status">
            Loading the plans…
          </p>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-[30rem] rounded-xl" />
          ))}
        </div>
      ) : plans.isError ? (
        <div className="mx-auto max-w-xl rounded-2xl border bg-card p-6 text-center" role="alert">
          <p>We couldn&apos;t load the plans.</p>
          <Button variant="outline" className="mt-3" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mx-auto grid max-w-6xl gap-6 md:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={current?.plan === plan.id}
              processing={busy && selected === plan.id}
              disabled={busy}
              onChoose={() => onChoose(plan)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
