import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LogIn, Ticket, UserX } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useNavigate } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useAuth } from "@/lib/auth";
import { isFull, type SportEvent } from "@/lib/event-schema";
import { formatPrice } from "@/lib/format";
import { saveReturnUrl } from "@/lib/return-url";
import { hasSessionHint } from "@/lib/session-hint";
import { withCatalogue } from "@/lib/i18n/catalogues";
import { PanelSkeleton } from "./panel-skeleton";

/**
 * What only a signed-in person sees (the booking form, the waitlist, their place) is a file
 * of its own: a visitor's event page never downloads the form libraries behind it. A
 * browser that has signed in here starts fetching it at once, while the session is checked.
 * Its words are in the `app` catalogue, fetched with it: a visitor's first screen never
 * downloads them.
 */
const loadMemberSide = withCatalogue(["app"], () => import("./member-side"));
if (typeof window !== "undefined" && hasSessionHint()) void loadMemberSide();
const MemberHeader = lazy(() => loadMemberSide().then((m) => ({ default: m.MemberHeader })));
const MemberPanel = lazy(() => loadMemberSide().then((m) => ({ default: m.MemberPanel })));
const PANEL_BARS = ["h-5 rounded-lg", "mt-5 h-12 rounded-lg"];

/**
 * The event page's booking panel: "Event Full" or "Login Required" for visitors; for a
 * signed-in person the "Book Your Spot" card (card checkout, or a free place at once), or
 * when the event is full, their booking or the waitlist.
 */
export function BookingSideCard({ event }: { event: SportEvent }) {
  const navigate = useNavigate();
  const { user, status } = useAuth();
  const full = isFull(event);
  const spotsLeft = Math.max(0, event.maxParticipants - event.currentParticipants);
  const { t } = useLingui();
  const noSpotsLeft = t`No spots left`;

  const browseOtherEvents = () => {
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) navigate(-1);
    else navigate("/events");
  };

  return (
    <Card className="p-6">
      <div className="flex items-baseline justify-between gap-3 border-b pb-4">
        <p className="text-3xl font-extrabold">{formatPrice(event.price)}</p>
        <p className="text-sm font-semibold text-muted-foreground">
          {full && user ? (
            <Suspense fallback={noSpotsLeft}>
              <MemberHeader eventId={event.id} />
            </Suspense>
          ) : full ? (
            noSpotsLeft
          ) : (
            plural(spotsLeft, { one: "# spot left", other: "# spots left" })
          )}
        </p>
      </div>
      {status === "checking" ? (
        <PanelSkeleton label={t`Checking whether you are logged in…`} bars={PANEL_BARS} />
      ) : user ? (
        <Suspense fallback={<PanelSkeleton label={t`Loading…`} bars={PANEL_BARS} />}>
          <MemberPanel event={event} full={full} onBrowseOtherEvents={browseOtherEvents} />
        </Suspense>
      ) : full ? (
        <div className="pt-4">
          <h2 className="flex items-center gap-2 text-xl font-bold">
            <UserX className="size-5 text-destructive" aria-hidden="true" /> <Trans>Event Full</Trans>
          </h2>
          <p className="mt-2 text-muted-foreground">
            <Trans>This event is currently fully booked.</Trans>
          </p>
          <Button variant="outline" className="mt-5 w-full" onClick={browseOtherEvents}>
            <Trans>Browse Other Events</Trans>
          </Button>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            <Link
              to="/login"
              onClick={() => saveReturnUrl(`/events/${event.id}`)}
              className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
            >
              <Trans>Log in to join the waitlist</Trans>
            </Link>
          </p>
        </div>
      ) : (
        <div className="pt-4">
          <h2 className="flex items-center gap-2 text-xl font-bold">
            <Ticket className="size-5 text-primary" aria-hidden="true" /> <Trans>Login Required</Trans>
          </h2>
          <p className="mt-2 text-muted-foreground">
            <Trans>Please log in to book this event.</Trans>
          </p>
          <Button asChild size="lg" className="mt-5 w-full">
            <Link to="/login" onClick={() => saveReturnUrl(`/events/${event.id}`)}>
              <LogIn aria-hidden="true" /> <Trans>Log In</Trans>
            </Link>
          </Button>
        </div>
      )}
    </Card>
  );
}
