import { lazy, Suspense } from "react";
import { useDemand } from "@/lib/use-demand";
import { FALLBACK_MS, useNewNotificationToasts, useNotificationStream } from "../api/live-notifications";
import { useNotifications } from "../api/notifications";
import { BellButton } from "./bell-button";

// The panel (and Radix's popover behind it) loads when the person reaches for the bell.
const NotificationPanel = lazy(() => import("./notification-panel"));

/**
 * The header's bell for a signed-in person: the unread count, kept current by the stream
 * (or a poll every minute while the stream is down), a toast for each new notification,
 * and the panel. Loaded after sign-in only, never for visitors (site-header.tsx).
 */
export default function NotificationBell({ userId }: { userId: string }) {
  const live = useNotificationStream(userId);
  const { data } = useNotifications({ pollMs: live ? false : FALLBACK_MS });
  useNewNotificationToasts(data);
  const unread = data?.unreadCount ?? 0;
  const panel = useDemand();
  return (
    <>
      {panel.demand === "idle" ? (
        <BellButton unread={unread} {...panel.triggerProps} />
      ) : (
        <Suspense fallback={<BellButton unread={unread} {...panel.triggerProps} />}>
          <NotificationPanel list={data} defaultOpen={panel.demand === "open"} />
        </Suspense>
      )}
      {/* The count, said politely whenever it changes. */}
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {data && unread > 0 ? `${unread} unread ${unread === 1 ? "notification" : "notifications"}` : ""}
      </span>
    </>
  );
}
