import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const name = site.name;
  // Prerendered pages were rendered in the build's year; the browser's own year follows.
  const year = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <footer className="border-t bg-muted/60 pb-24 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-extrabold">{site.name}</p>
          <p className="mt-2 max-w-xs text-sm text-muted-foreground">
            <Trans>Community-led sport across London for every body and every level.</Trans>
          </p>
          {socialLinks.length > 0 && (
            <>
              <p id="follow-us" className="mt-4 text-sm font-semibold">
                <Trans>Follow us</Trans>
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
        <FooterColumn title={t`Quick Links`}>
          <FooterLink to="/">
            <Trans>Home</Trans>
          </FooterLink>
          <FooterLink to="/events">
            <Trans>Events</Trans>
          </FooterLink>
          <FooterLink to="/about">
            <Trans>About Us</Trans>
          </FooterLink>
          {externalLinks.meetup && (
            <li>
              <ExternalLink href={externalLinks.meetup} className={externalLinkClass}>
                <Trans>Meetup</Trans>
              </ExternalLink>
            </li>
          )}
          <FooterLink to="/blog">
            <Trans>Blog</Trans>
          </FooterLink>
          <FooterLink to="/membership">
            <Trans>Membership</Trans>
          </FooterLink>
        </FooterColumn>
        <FooterColumn title={t`Support`}>
          <FooterLink to="/contact">
            <Trans>Contact Us</Trans>
          </FooterLink>
          <FooterLink to="/help">
            <Trans>Help Center</Trans>
          </FooterLink>
          <FooterLink to="/accessibility">
            <Trans>Accessibility</Trans>
          </FooterLink>
          <FooterLink to="/safety">
            <Trans>Safety Guidelines</Trans>
          </FooterLink>
          <FooterLink to="/community-standards">
            <Trans>Community Standards</Trans>
          </FooterLink>
        </FooterColumn>
        <FooterColumn title={t`Legal`}>
          <FooterLink to="/privacy">
            <Trans>Privacy Policy</Trans>
          </FooterLink>
          <FooterLink to="/terms">
            <Trans>Terms of Service</Trans>
          </FooterLink>
          <FooterLink to="/cookies">
            <Trans>Cookie Policy</Trans>
          </FooterLink>
          <FooterLink to="/refunds">
            <Trans>Refund Policy</Trans>
          </FooterLink>
        </FooterColumn>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          <Trans>
            © {year} {name}. {name} is a registered Community Interest Company in England &amp; Wales.
          </Trans>
        </p>
      </div>
      {children}
    </footer>
  );
}
