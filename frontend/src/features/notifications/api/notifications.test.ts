import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { addToCache, notificationsQueryKey, removeFromCache, type AppNotification, type NotificationList } from "./notifications";

const note = (id: string, timestamp: string, read = false, title = `${id} title`): AppNotification => ({
  id,
  type: "system",
  title,
  message: `${id} message`,
  timestamp,
  read,
  actionUrl: null,
  eventId: null,
});

function cacheWith(...notifications: AppNotification[]) {
  const client = new QueryClient();
  client.setQueryData<NotificationList>(notificationsQueryKey("u1"), {
    notifications,
    unreadCount: notifications.filter((n) => !n.read).length,
  });
  const read = () => client.getQueryData<NotificationList>(notificationsQueryKey("u1"));
  return { client, read };
}

describe("the cached notification list", () => {
  it("puts a new notification at the top, once", () => {
    const { client, read } = cacheWith(note("a", "2026-11-29T10:00:00Z", true));
    const fresh = note("b", "2026-11-29T11:00:00Z");
    addToCache(client, "u1", fresh);
    addToCache(client, "u1", fresh);
    expect(read()?.notifications.map((n) => n.id)).toEqual(["b", "a"]);
    expect(read()?.unreadCount).toBe(1);
  });

  it("moves a standing notice written again to the top, unread, without a second copy", () => {
    const { client, read } = cacheWith(
      note("other", "2026-11-29T10:30:00Z"),
      note("queue", "2026-11-29T10:00:00Z", true, "1 story waiting for review"),
    );
    addToCache(client, "u1", note("queue", "2026-11-29T11:00:00Z", false, "2 stories waiting for review"));
    const list = read();
    expect(list?.notifications.map((n) => [n.id, n.title])).toEqual([
      ["queue", "2 stories waiting for review"],
      ["other", "other title"],
    ]);
    expect(list?.unreadCount).toBe(2);
  });

  it("updates a notice whose words changed in place, keeping its place", () => {
    const { client, read } = cacheWith(
      note("other", "2026-11-29T10:30:00Z"),
      note("queue", "2026-11-29T10:00:00Z", true, "2 stories waiting for review"),
    );
    addToCache(client, "u1", note("queue", "2026-11-29T10:00:00Z", true, "1 story waiting for review"));
    expect(read()?.notifications.map((n) => [n.id, n.title])).toEqual([
      ["other", "other title"],
      ["queue", "1 story waiting for review"],
    ]);
    expect(read()?.unreadCount).toBe(1);
  });

  it("takes out what was removed on the server, and ignores what it does not hold", () => {
    const { client, read } = cacheWith(note("a", "2026-11-29T10:00:00Z"), note("b", "2026-11-29T09:00:00Z", true));
    removeFromCache(client, "u1", "a");
    removeFromCache(client, "u1", "nope");
    expect(read()?.notifications.map((n) => n.id)).toEqual(["b"]);
    expect(read()?.unreadCount).toBe(0);
  });
});
