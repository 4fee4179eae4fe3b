import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { useDocumentTitle } from "@/lib/use-document-title";

/** When the legal and support pages were last changed, shown on each. */
const LAST_UPDATED = { iso: "2026-11-25", text: "25 November 2026" } as const;

const linkClass = "font-semibold text-primary underline underline-offset-4 hover:no-underline";

/**
 * The frame of the legal and support pages: the title, a one-line summary, the date of the
 * last change, and the page's sections at a readable line length. Plain elements inside a
 * section (paragraphs, lists, h3s) get their spacing from here.
 */
export function LegalPage({ title, summary, children }: { title: string; summary: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <section className="border-b bg-linear-to-b from-secondary/70 to-background">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{summary}</p>
          <p className="mt-4 text-sm text-muted-foreground">
            Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.text}</time>
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 leading-relaxed sm:px-6">{children}</div>
    </>
  );
}

/** One headed part of a legal page; `id` makes it linkable (/privacy#your-rights). */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 [&_h3]:pt-3 [&_h3]:text-lg [&_h3]:font-bold [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6"
    >
      <h2 id={id} className="scroll-mt-24 text-2xl font-extrabold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A link to another page of the site, in running text. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** A link to another site, in running text (opens in the same tab: it is part of the reading). */
export function OutsideLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={linkClass}>
      {children}
    </a>
  );
}
