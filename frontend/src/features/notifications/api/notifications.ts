import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { useAuth } from "@/lib/auth";
import { apiRequest } from "@/lib/api-client";
import { NOTIFICATION_TYPES } from "@/generated/shared-rules/messages";

export { NOTIFICATION_TYPES };

/** One notification, as GET /api/notifications and the stream send it. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  actionUrl: z.nullable(z.string()),
  eventId: z.nullable(z.string()),
});

const listSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
});

const unreadSchema = z.object({ unreadCount: z.number() });

export type AppNotification = z.infer<typeof notificationSchema>;
export type NotificationList = z.infer<typeof listSchema>;

/** The server keeps this many (spec section 9); the cached list never shows more. */
const KEPT = 50;

/** Each person's list is cached under their id, so the next person never sees it. */
export const notificationsQueryKey = (userId: string | undefined) => ["/api/notifications", userId] as const;

/** GET /api/notifications: newest first, at most 50, with the unread count. */
export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  const response = await apiRequest("GET", "/api/notifications", { ...(signal ? { signal } : {}) });
  return listSchema.parse(await response.json());
}

/** The signed-in person's list; `pollMs` asks again on that interval (when live updates fail). */
export function useNotifications({ pollMs }: { pollMs: number | false } = { pollMs: false }) {
  const { user } = useAuth();
  return useQuery({
    queryKey: notificationsQueryKey(user?.id),
    queryFn: ({ signal }) => fetchNotifications(signal),
    enabled: user !== null,
    refetchInterval: pollMs,
  });
}

const unread = (notifications: AppNotification[]) => notifications.filter((n) => !n.read).length;

/**
 * Puts a notification that has just arrived into the cached list: a new one at the top; one
 * written over on the server (a standing notice, such as the review queue's count) in place
 * of the one it replaces, moved to the top when it was written again (a newer timestamp).
 */
export function addToCache(client: QueryClient, userId: string, notification: AppNotification) {
  client.setQueryData<NotificationList>(notificationsQueryKey(userId), (list) => {
    if (!list) return list;
    const at = list.notifications.findIndex((n) => n.id === notification.id);
    let notifications: AppNotification[];
    if (at === -1) {
      notifications = [notification, ...list.notifications].slice(0, KEPT);
    } else if (list.notifications[at]?.timestamp === notification.timestamp) {
      notifications = list.notifications.map((n, i) => (i === at ? notification : n));
    } else {
      notifications = [notification, ...list.notifications.filter((n) => n.id !== notification.id)];
    }
    return { notifications, unreadCount: unread(notifications) };
  });
}

/** Takes a notification that left the person's list (cleared elsewhere, reviewed away) out of the cache. */
export function removeFromCache(client: QueryClient, userId: string, id: string) {
  client.setQueryData<NotificationList>(notificationsQueryKey(userId), (list) => {
    if (!list?.notifications.some((n) => n.id === id)) return list;
    const notifications = list.notifications.filter((n) => n.id !== id);
    return { notifications, unreadCount: unread(notifications) };
  });
}

type Change = (list: NotificationList) => NotificationList["notifications"];

/**
 * A change to the person's list: applied to the cache at once, then the server's unread
 * count is taken; on failure the list is fetched again.
 */
function useChange<Variables>(request: (variables: Variables) => Promise<Response>, change: (variables: Variables) => Change) {
  const client = useQueryClient();
  const { user } = useAuth();
  const key = notificationsQueryKey(user?.id);
  return useMutation({
    mutationFn: async (variables: Variables) => unreadSchema.parse(await (await request(variables)).json()),
    onMutate: (variables) => {
      client.setQueryData<NotificationList>(key, (list) => {
        if (!list) return list;
        const notifications = change(variables)(list);
        return { notifications, unreadCount: notifications.filter((n) => !n.read).length };
      });
    },
    onSuccess: ({ unreadCount }) => {
      client.setQueryData<NotificationList>(key, (list) => list && { ...list, unreadCount });
    },
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
}

const path = (id: string) => `/api/notifications/${encodeURIComponent(id)}`;

/** POST /api/notifications/{id}/read. */
export const useMarkRead = () =>
  useChange(
    (id: string) => apiRequest("POST", `${path(id)}/read`),
    (id) => (list) => list.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
  );

/** POST /api/notifications/read-all. */
export const useMarkAllRead = () =>
  useChange(
    () => apiRequest("POST", "/api/notifications/read-all"),
    () => (list) => list.notifications.map((n) => ({ ...n, read: true })),
  );

/** DELETE /api/notifications/{id}. */
export const useClearOne = () =>
  useChange(
    (id: string) => apiRequest("DELETE", path(id)),
    (id) => (list) => list.notifications.filter((n) => n.id !== id),
  );

/** DELETE /api/notifications. */
export const useClearAll = () =>
  useChange(
    () => apiRequest("DELETE", "/api/notifications"),
    () => () => [],
  );
