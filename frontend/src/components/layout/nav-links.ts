import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { externalLinks } from "@/lib/external-links";

export type NavItem =
  | { label: MessageDescriptor; to: string; external?: false }
  | { label: MessageDescriptor; href: string; external: true };

/** Header and mobile menu links, in the spec's order; Meetup only when its address is set. */
export const mainNav: readonly NavItem[] = [
  { label: msg`Home`, to: "/" },
  { label: msg`Events`, to: "/events" },
  { label: msg`About`, to: "/about" },
  ...(externalLinks.meetup ? [{ label: msg`Meetup`, href: externalLinks.meetup, external: true as const }] : []),
  { label: msg`Blog`, to: "/blog" },
  { label: msg`Contact`, to: "/contact" },
];
