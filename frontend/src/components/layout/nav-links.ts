import { site } from "@/lib/site";

export type NavItem =
  | { label: string; to: string; external?: false }
  | { label: string; href: string; external: true };

/** Header and mobile menu links, in the spec's order. */
export const mainNav: readonly NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Events", to: "/events" },
  { label: "About", to: "/about" },
  { label: "Meetup", href: site.meetupUrl, external: true },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
];
