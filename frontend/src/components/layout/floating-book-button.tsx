import { Trans } from "@lingui/react/macro";
import { CalendarPlus } from "lucide-react";
import { Link, useLocation } from "@/lib/router";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** Pages where the button would only cover a form (or /events, where it would point to itself). */
const HIDDEN_ON = new Set([
  "/events",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/preferences",
  "/profile",
  "/bookings",
  "/success",
  "/cancel",
]);

/**
 * "Book Your Session" pinned to the bottom corner on small screens. Loaded after first
 * paint (root-layout.tsx); hidden while the event page's booking card is on screen (index.css).
 */
export default function FloatingBookButton() {
  const { pathname } = useLocation();
  if (HIDDEN_ON.has(pathname.replace(/\/$/, "") || "/") || /^\/(booking|admin)(\/|$)/.test(pathname)) return null;
  return (
    <Link
      to="/events"
      className={cn(
        buttonVariants({ size: "lg" }),
        "floating-book fixed end-4 bottom-4 z-30 rounded-full! shadow-lg! shadow-black/20 md:hidden",
      )}
    >
      <CalendarPlus aria-hidden="true" />
      <Trans>Book Your Session</Trans>
    </Link>
  );
}
