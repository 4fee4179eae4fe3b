import { renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { useNewNotificationToasts } from "./live-notifications";
import type { AppNotification, NotificationList } from "./notifications";

const booked = vi.hoisted(() => ({ at: Number.NEGATIVE_INFINITY }));
vi.mock("@/lib/toast", () => ({
  toast: { bookingConfirmation: vi.fn(), reminder: vi.fn(), welcome: vi.fn(), info: vi.fn() },
  bookedHereSince: (since: number) => booked.at >= since,
}));

const note = (id: string, type: AppNotification["type"], read = false): AppNotification => ({
  id,
  type,
  title: `${id} title`,
  message: `${id} message`,
  timestamp: "2026-11-25T12:00:00Z",
  read,
  actionUrl: null,
  eventId: null,
});

const list = (...notifications: AppNotification[]): NotificationList => ({
  notifications,
  unreadCount: notifications.filter((n) => !n.read).length,
});

describe("useNewNotificationToasts", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    booked.at = Number.NEGATIVE_INFINITY;
  });

  it("says nothing about the list as first loaded", () => {
    renderHook(() => useNewNotificationToasts(list(note("w", "welcome"), note("b", "booking"))));
    for (const show of Object.values(toast)) expect(show).not.toHaveBeenCalled();
  });

  it("toasts each new unread one once, by its kind, oldest first", () => {
    const { rerender } = renderHook(({ data }: { data: NotificationList | undefined }) => useNewNotificationToasts(data), {
      initialProps: { data: undefined as NotificationList | undefined },
    });
    rerender({ data: list(note("w", "welcome")) });
    const arrived = list(
      note("i", "info"),
      note("s", "system"),
      note("r", "reminder"),
      note("b", "booking"),
      note("old", "booking", true),
      note("w", "welcome"),
    );
    rerender({ data: arrived });
    expect(toast.bookingConfirmation).toHaveBeenCalledExactlyOnceWith("b title", { description: "b message", id: "b" });
    expect(toast.reminder).toHaveBeenCalledExactlyOnceWith("r title", { description: "r message", id: "r" });
    expect(toast.info).toHaveBeenNthCalledWith(1, "s title", { description: "s message", id: "s" });
    expect(toast.info).toHaveBeenNthCalledWith(2, "i title", { description: "i message", id: "i" });
    expect(toast.welcome).not.toHaveBeenCalled();

    // The same ids again (a refetch, a poll, a cleared one coming back in a stale list): no more toasts.
    rerender({ data: { ...arrived } });
    rerender({ data: list(note("b", "booking")) });
    rerender({ data: arrived });
    expect(toast.bookingConfirmation).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledTimes(2);
  });

  it("toasts a standing notice again when it is written again, not when only its words change", () => {
    const queue = (title: string, timestamp: string, read = false): AppNotification => ({
      ...note("q", "system", read),
      title,
      timestamp,
    });
    const { rerender } = renderHook(({ data }: { data: NotificationList }) => useNewNotificationToasts(data), {
      initialProps: { data: list(queue("1 story waiting for review", "2026-11-25T12:00:00Z")) },
    });
    rerender({ data: list(queue("2 stories waiting for review", "2026-11-25T12:05:00Z")) });
    expect(toast.info).toHaveBeenCalledExactlyOnceWith("2 stories waiting for review", { description: "q message", id: "q" });
    // A review changes the count but is not news.
    rerender({ data: list(queue("1 story waiting for review", "2026-11-25T12:05:00Z")) });
    expect(toast.info).toHaveBeenCalledTimes(1);
  });

  it("toasts a welcome that arrives after the first load", () => {
    const { rerender } = renderHook(({ data }: { data: NotificationList }) => useNewNotificationToasts(data), {
      initialProps: { data: list() },
    });
    rerender({ data: list(note("w", "welcome")) });
    expect(toast.welcome).toHaveBeenCalledExactlyOnceWith("w title", { description: "w message", id: "w" });
  });

  it("leaves out a booking notification just after this tab confirmed a booking itself", () => {
    const { rerender } = renderHook(({ data }: { data: NotificationList }) => useNewNotificationToasts(data), {
      initialProps: { data: list() },
    });
    booked.at = Date.now() - 5_000;
    rerender({ data: list(note("b", "booking"), note("r", "reminder")) });
    expect(toast.bookingConfirmation).not.toHaveBeenCalled();
    expect(toast.reminder).toHaveBeenCalledOnce();
    booked.at = Date.now() - 120_000;
    rerender({ data: list(note("b2", "booking"), note("b", "booking"), note("r", "reminder")) });
    expect(toast.bookingConfirmation).toHaveBeenCalledExactlyOnceWith("b2 title", { description: "b2 message", id: "b2" });
  });
});
