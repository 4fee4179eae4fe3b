import { BadgeCheck, CalendarCheck, ClipboardList, ShieldCheck, SlidersHorizontal, UserRound, type LucideIcon } from "lucide-react";
import type { User } from "@/lib/user";

interface AccountLink {
  label: string;
  to: string;
  icon: LucideIcon;
}

const memberLinks: readonly AccountLink[] = [
  { label: "Preferences", to: "/preferences", icon: SlidersHorizontal },
  { label: "Profile", to: "/profile", icon: UserRound },
  { label: "My Bookings", to: "/bookings", icon: CalendarCheck },
  { label: "Membership", to: "/membership", icon: BadgeCheck },
];

/**
 * The signed-in person's pages, in the avatar menu and the mobile menu: admins also reach
 * the dashboard, session leaders (moderators) their registers. Only a way there: the
 * server decides who may use the admin area.
 */
export function accountLinks(user: Pick<User, "role">): readonly AccountLink[] {
  if (user.role === "admin") return [...memberLinks, { label: "Admin dashboard", to: "/admin", icon: ShieldCheck }];
  if (user.role === "moderator") return [...memberLinks, { label: "Session registers", to: "/admin", icon: ClipboardList }];
  return memberLinks;
}
