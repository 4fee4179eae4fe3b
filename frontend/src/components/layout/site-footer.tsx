import type { ReactNode } from "react";
import { Link } from "react-router";
import { site } from "@/lib/site";
import { useHydrated } from "@/lib/use-hydrated";
import { ExternalLink } from "./external-link";

const linkClass = "rounded text-sm text-muted-foreground hover:text-foreground hover:underline";

/** Pages that do not exist yet: shown as plain text, never as dead links. */
function Placeholder({ children }: { children: ReactNode }) {
  return <span className="text-sm text-muted-foreground">{children}</span>;
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wide">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

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
          <p className="mt-4 text-sm font-semibold">Follow us</p>
          <ul className="mt-2 flex gap-4" aria-label="Social media (coming soon)">
            <li>
              <Placeholder>Instagram</Placeholder>
            </li>
            <li>
              <Placeholder>TikTok</Placeholder>
            </li>
            <li>
              <Placeholder>Facebook</Placeholder>
            </li>
          </ul>
        </div>
        <FooterColumn title="Quick Links">
          <li>
            <Link to="/" className={linkClass}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/events" className={linkClass}>
              Events
            </Link>
          </li>
          <li>
            <Link to="/about" className={linkClass}>
              About Us
            </Link>
          </li>
          <li>
            <ExternalLink href={site.meetupUrl} className={`${linkClass} inline-flex items-center gap-1`}>
              Meetup
            </ExternalLink>
          </li>
          <li>
            <Link to="/blog" className={linkClass}>
              Blog
            </Link>
          </li>
          <li>
            <Link to="/membership" className={linkClass}>
              Membership
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Support">
          <li>
            <Link to="/contact" className={linkClass}>
              Contact Us
            </Link>
          </li>
          <li>
            <Placeholder>Help Center</Placeholder>
          </li>
          <li>
            <Placeholder>Accessibility</Placeholder>
          </li>
          <li>
            <Placeholder>Safety Guidelines</Placeholder>
          </li>
          <li>
            <Placeholder>Community Standards</Placeholder>
          </li>
        </FooterColumn>
        <FooterColumn title="Legal">
          <li>
            <Placeholder>Privacy Policy</Placeholder>
          </li>
          <li>
            <Placeholder>Terms of Service</Placeholder>
          </li>
          <li>
            <Placeholder>Cookie Policy</Placeholder>
          </li>
          <li>
            <Placeholder>Refund Policy</Placeholder>
          </li>
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
