import { CalendarCheck, SlidersHorizontal, UserRound, type LucideIcon } from "lucide-react";

/** The signed-in person's pages, in the avatar menu and the mobile menu. */
export const accountLinks: readonly { label: string; to: string; icon: LucideIcon }[] = [
  { label: "Preferences", to: "/preferences", icon: SlidersHorizontal },
  { label: "Profile", to: "/profile", icon: UserRound },
  { label: "My Bookings", to: "/bookings", icon: CalendarCheck },
];
