import { MessageCircle } from "lucide-react";
import { ExternalLink } from "@/components/layout/external-link";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { externalLinks } from "@/lib/external-links";

/** The invitation to the WhatsApp community; nothing while its address is not set. */
export function WhatsAppCard() {
  const href = externalLinks.whatsApp;
  if (!href) return null;
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-accent/30 bg-accent-soft p-5 text-accent-soft-foreground sm:flex-row sm:items-center">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <MessageCircle aria-hidden="true" className="size-6" />
      </span>
      <div className="flex-1">
        <h2 className="text-lg font-bold">Join Our WhatsApp Community</h2>
        <p className="text-sm">Connect with fellow sports enthusiasts</p>
      </div>
      <ExternalLink
        href={href}
        className={cn(buttonVariants({ variant: "accent" }), "w-full sm:w-auto")}
      >
        Join Groups
      </ExternalLink>
    </div>
  );
}
