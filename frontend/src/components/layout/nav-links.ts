import { externalLinks } from "@/lib/external-links";

export type NavItem =
  | { label: string; to: string; external?: false }
  | { label: string; href: string; external: true };

/** Header and mobile menu links, in the spec's order; Meetup only when its address is set. */
export const mainNav: readonly NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Events", to: "/events" },
  { label: "About", to: "/about" },
  ...(externalLinks.meetup ? [{ label: "Meetup", href: externalLinks.meetup, external: true as const }] : []),
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
];
