import { Clock, Globe, Mail, MapPin, MessageCircle, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ExternalLink } from "@/components/layout/external-link";
import { Card } from "@/components/ui/card";
import { externalLinks } from "@/lib/external-links";
import { site } from "@/lib/site";

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

function ContactItem({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-4 rounded-2xl border bg-card p-4 shadow-sm">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h3 className="font-bold">{title}</h3>
        <div className="mt-0.5 text-sm break-words text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

export function ContactCards() {
  return (
    <ul className="grid gap-3">
      <ContactItem icon={Phone} title="Phone">
        <a href={site.phoneHref} className={linkClass}>
          {site.phone}
        </a>
      </ContactItem>
      <ContactItem icon={Mail} title="Email">
        <a href={`mailto:${site.email}`} className={linkClass}>
          {site.email}
        </a>
      </ContactItem>
      {externalLinks.whatsApp && (
        <ContactItem icon={MessageCircle} title="WhatsApp Community">
          <ExternalLink href={externalLinks.whatsApp} className={`${linkClass} inline-flex items-center gap-1`}>
            Join the conversation
          </ExternalLink>
        </ContactItem>
      )}
      <ContactItem icon={Globe} title="Website">
        <ExternalLink href={site.websiteUrl} className={`${linkClass} inline-flex items-center gap-1`}>
          {site.website}
        </ExternalLink>
      </ContactItem>
      <ContactItem icon={MapPin} title="Location">
        London Communities
      </ContactItem>
    </ul>
  );
}

const OFFICE_HOURS = [
  ["Monday – Friday", "9:00 – 18:00"],
  ["Saturday", "10:00 – 16:00"],
  ["Sunday", "Closed"],
] as const;

export function OfficeHours() {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Clock className="size-5 text-primary" aria-hidden="true" /> Office Hours
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {OFFICE_HOURS.map(([days, hours]) => (
          <div key={days} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{days}</dt>
            <dd className="font-semibold">{hours}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
