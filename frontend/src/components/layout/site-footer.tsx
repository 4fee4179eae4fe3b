import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { externalLinks, socialLinks } from "@/lib/external-links";
import { site } from "@/lib/site";
import { useHydrated } from "@/lib/use-hydrated";
import { ExternalLink } from "./external-link";

const linkClass = "rounded text-sm text-muted-foreground hover:text-foreground hover:underline";

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wide">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </li>
  );
}

const externalLinkClass = `${linkClass} inline-flex items-center gap-1`;

/** `children` sit inside the footer landmark (the floating mobile booking button). */
export function SiteFooter({ children }: { children?: ReactNode }) {
  // Prerendered pages were rendered in the build's year; the browser's own year follows.
  const year = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <footer className="border-t bg-muted/60 pb-24 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-extrabold">{site.name}</p>
          <p className="mt-2 max-w-xs text-sm text-muted-foreground">
            Community-led sport across London for every body and every level.
          </p>
          {socialLinks.length > 0 && (
            <>
              <p id="follow-us" className="mt-4 text-sm font-semibold">
                Follow us
              </p>
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2" aria-labelledby="follow-us">
                {socialLinks.map(({ label, href }) => (
                  <li key={label}>
                    <ExternalLink href={href} className={externalLinkClass}>
                      {label}
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <FooterColumn title="Quick Links">
          <FooterLink to="/">Home</FooterLink>
          <FooterLink to="/events">Events</FooterLink>
          <FooterLink to="/about">About Us</FooterLink>
          {externalLinks.meetup && (
            <li>
              <ExternalLink href={externalLinks.meetup} className={externalLinkClass}>
                Meetup
              </ExternalLink>
            </li>
          )}
          <FooterLink to="/blog">Blog</FooterLink>
          <FooterLink to="/membership">Membership</FooterLink>
        </FooterColumn>
        <FooterColumn title="Support">
          <FooterLink to="/contact">Contact Us</FooterLink>
          <FooterLink to="/help">Help Center</FooterLink>
          <FooterLink to="/accessibility">Accessibility</FooterLink>
          <FooterLink to="/safety">Safety Guidelines</FooterLink>
          <FooterLink to="/community-standards">Community Standards</FooterLink>
        </FooterColumn>
        <FooterColumn title="Legal">
          <FooterLink to="/privacy">Privacy Policy</FooterLink>
          <FooterLink to="/terms">Terms of Service</FooterLink>
          <FooterLink to="/cookies">Cookie Policy</FooterLink>
          <FooterLink to="/refunds">Refund Policy</FooterLink>
        </FooterColumn>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          © {year} {site.name}. {site.name} is a registered Community
          Interest Company in England &amp; Wales.
        </p>
      </div>
      {children}
    </footer>
  );
}
