import { BadgeCheck, CalendarCheck, ClipboardList, ShieldCheck, SlidersHorizontal, UserRound, type LucideIcon } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { User } from "@/lib/user";

interface AccountLink {
  label: MessageDescriptor;
  to: string;
  icon: LucideIcon;
}

const memberLinks: readonly AccountLink[] = [
  { label: msg`Preferences`, to: "/preferences", icon: SlidersHorizontal },
  { label: msg`Profile`, to: "/profile", icon: UserRound },
  { label: msg`My Bookings`, to: "/bookings", icon: CalendarCheck },
  { label: msg`Membership`, to: "/membership", icon: BadgeCheck },
];

/**
 * The signed-in person's pages, in the avatar menu and the mobile menu: admins also reach
 * the dashboard, session leaders (moderators) their registers. Only a way there: the
 * server decides who may use the admin area.
 */
export function accountLinks(user: Pick<User, "role">): readonly AccountLink[] {
  if (user.role === "admin") return [...memberLinks, { label: msg`Admin dashboard`, to: "/admin", icon: ShieldCheck }];
  if (user.role === "moderator") return [...memberLinks, { label: msg`Session registers`, to: "/admin", icon: ClipboardList }];
  return memberLinks;
}
