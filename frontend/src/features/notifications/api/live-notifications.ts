import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { bookedHereSince, toast } from "@/lib/toast";
import { z } from "zod/mini";
import {
  addToCache,
  notificationSchema,
  notificationsQueryKey,
  removeFromCache,
  type AppNotification,
  type NotificationList,
} from "./notifications";

/** How often the list is fetched while the stream is down (and the stream retried). */
export const FALLBACK_MS = 60_000;

const STREAM_URL = "/api/notifications/stream";

const removedSchema = z.object({ id: z.string() });

/** The JSON of an event's data, or undefined when it is not JSON. */
function json(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * One EventSource per tab on /api/notifications/stream while this is mounted (the bell
 * mounts only for a signed-in person, so signing out closes it). Each notification it
 * brings goes into the cached list (a written-over one replaces itself), and each it says
 * was removed leaves it. Returns whether the stream is open: when it is not, the caller
 * polls the list instead. A stream the browser gave up on (an error answer, or a full
 * server's 503) is tried again after FALLBACK_MS.
 *
 * The server keeps only a person's newest few streams (ADR 0013): an older one hears
 * `replaced` and ends. This tab then stays off the stream (polling) until the person comes
 * back to it (it becomes visible or takes focus), so tabs never take turns replacing each
 * other on their own: a reconnect always follows something the person did.
 */
export function useNotificationStream(userId: string): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    let replaced = false;
    const connect = () => {
      const startedAt = Date.now();
      const stream = new EventSource(STREAM_URL);
      source = stream;
      stream.addEventListener("open", () => {
        setLive(true);
        // A list read before the stream began may miss what was written in between.
        const key = notificationsQueryKey(userId);
        if ((client.getQueryState(key)?.dataUpdatedAt ?? 0) < startedAt) {
          void client.invalidateQueries({ queryKey: key });
        }
      });
      // Anything unreadable is left to the next list fetch.
      stream.addEventListener("notification", (event: MessageEvent<string>) => {
        const parsed = notificationSchema.safeParse(json(event.data));
        if (parsed.success) addToCache(client, userId, parsed.data);
      });
      stream.addEventListener("removed", (event: MessageEvent<string>) => {
        const parsed = removedSchema.safeParse(json(event.data));
        if (parsed.success) removeFromCache(client, userId, parsed.data.id);
      });
      stream.addEventListener("replaced", () => {
        stream.close();
        source = null;
        replaced = true;
        setLive(false);
      });
      stream.addEventListener("error", () => {
        setLive(false);
        if (stream.readyState === EventSource.CLOSED) {
          retry = window.setTimeout(connect, FALLBACK_MS);
        }
      });
    };
    const comeBack = () => {
      if (!replaced || document.visibilityState !== "visible") return;
      replaced = false;
      connect();
    };
    document.addEventListener("visibilitychange", comeBack);
    window.addEventListener("focus", comeBack);
    connect();
    return () => {
      document.removeEventListener("visibilitychange", comeBack);
      window.removeEventListener("focus", comeBack);
      window.clearTimeout(retry);
      source?.close();
    };
  }, [client, userId]);
  return live;
}

const SHOW = {
  booking: toast.bookingConfirmation,
  reminder: toast.reminder,
  welcome: toast.welcome,
  system: toast.info,
  info: toast.info,
} as const;

/** A booking confirmed in this tab within this long already had its toast here. */
const OWN_BOOKING_MS = 60_000;

function show(notification: AppNotification) {
  if (notification.type === "booking" && bookedHereSince(Date.now() - OWN_BOOKING_MS)) return;
  SHOW[notification.type](notification.title, { description: notification.message, id: notification.id });
}

/** A notification as it was written: a standing one written again (a newer timestamp) is news again. */
const writing = (n: AppNotification) => `${n.id}@${n.timestamp}`;

/**
 * A toast, with its kind's duration, for each unread notification that appears in the list
 * after it first loaded (from the stream or a poll), or is written again on the server;
 * each writing at most once in this tab.
 */
export function useNewNotificationToasts(list: NotificationList | undefined) {
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!list) return;
    if (known.current === null) {
      known.current = new Set(list.notifications.map(writing));
      return;
    }
    const seen = known.current;
    const fresh = list.notifications.filter((n) => !seen.has(writing(n)));
    for (const n of fresh) seen.add(writing(n));
    // Oldest first, as they happened.
    for (const n of fresh.reverse()) if (!n.read) show(n);
  }, [list]);
}
