import { AlarmClock, Bell, BellOff, CalendarCheck, Info, PartyPopper, X, type LucideIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "@/lib/router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/cn";
import { useNow } from "@/lib/use-now";
import {
  useClearAll,
  useClearOne,
  useMarkAllRead,
  useMarkRead,
  type AppNotification,
  type NotificationList,
} from "../api/notifications";
import { relativeTime } from "../lib/format";
import { BellButton } from "./bell-button";

const ICONS: Record<AppNotification["type"], LucideIcon> = {
  booking: CalendarCheck,
  reminder: AlarmClock,
  welcome: PartyPopper,
  system: Bell,
  info: Info,
};

function Item({
  notification,
  now,
  onOpen,
  onClear,
}: {
  notification: AppNotification;
  now: Date;
  onOpen: () => void;
  onClear: () => void;
}) {
  const Icon = ICONS[notification.type];
  const unread = !notification.read;
  return (
    <li className={cn("flex items-start gap-1 border-b px-2 py-1 last:border-b-0", unread && "bg-secondary/40")}>
      <button
        type="button"
        data-notification-item=""
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-lg p-2 text-start hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className={cn("flex items-center gap-2 text-sm", unread ? "font-bold" : "font-semibold")}>
            {unread && (
              <>
                <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
                <span className="sr-only">Unread: </span>
              </>
            )}
            <span className="min-w-0 break-words">{notification.title}</span>
          </span>
          <span className="mt-0.5 block text-sm break-words text-muted-foreground">{notification.message}</span>
          <time dateTime={notification.timestamp} className="mt-1 block text-xs text-muted-foreground">
            {relativeTime(notification.timestamp, now)}
          </time>
        </span>
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="mt-1 size-8! text-muted-foreground"
        aria-label={`Clear notification: ${notification.title}`}
        onClick={onClear}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

/** The bell's panel: the list with its actions (spec section 2). Loaded on first use. */
export default function NotificationPanel({
  list,
  defaultOpen = false,
}: {
  list: NotificationList | undefined;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const titleId = useId();
  const navigate = useNavigate();
  const now = useNow(open ? 60_000 : null);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const clearOne = useClearOne();
  const clearAll = useClearAll();
  const items = list?.notifications ?? [];
  const unread = list?.unreadCount ?? 0;
  const listRef = useRef<HTMLUListElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A cleared item's buttons vanish; focus goes to the item that takes its place (or the
  // close button), never to the page behind. Applied once the list without it has rendered.
  const focusAfterClear = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterClear.current;
    if (index === null) return;
    focusAfterClear.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>("[data-notification-item]") ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? closeRef.current)?.focus();
  }, [list]);

  const openItem = (notification: AppNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
    if (notification.actionUrl) {
      setOpen(false);
      navigate(notification.actionUrl);
    }
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <BellButton unread={unread} />
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby={titleId}
        // Focus goes to the panel itself, which reads out its title, rather than to its
        // first button (a ring on the close button would look like the thing to press).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        className="flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col p-0!"
      >
        <div className="flex items-center gap-2 border-b px-4 py-3">
          <h2 id={titleId} className="text-base font-extrabold tracking-tight">
            Notifications
          </h2>
          {unread > 0 && <Badge>{unread} unread</Badge>}
          <PopoverClose asChild>
            <Button
              ref={closeRef}
              variant="ghost"
              size="icon"
              className="ml-auto size-8!"
              aria-label="Close notifications"
            >
              <X aria-hidden="true" />
            </Button>
          </PopoverClose>
        </div>
        {items.length > 0 && (
          <div className="flex gap-1 border-b px-2 py-1.5">
            <Button variant="ghost" size="sm" onClick={() => markAllRead.mutate(undefined)}>
              Mark all read
            </Button>
            <Button variant="ghost" size="sm" className="ml-auto" onClick={() => {
                focusAfterClear.current = 0;
                clearAll.mutate(undefined);
              }}
            >
              Clear all
            </Button>
          </div>
        )}
        {items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <BellOff className="size-6" aria-hidden="true" />
            </span>
            <p className="mt-3 font-bold">No notifications</p>
            <p className="mt-1 text-sm text-muted-foreground">You&apos;re all caught up!</p>
          </div>
        ) : (
          <ul ref={listRef} className="min-h-0 flex-1 overflow-y-auto" aria-labelledby={titleId}>
            {items.map((notification, index) => (
              <Item
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={() => openItem(notification)}
                onClear={() => {
                  focusAfterClear.current = index;
                  clearOne.mutate(notification.id);
                }}
              />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
