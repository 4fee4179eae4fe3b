import { MessageCircle } from "lucide-react";
import { Link } from "@/lib/router";
import { ExternalLink } from "@/components/layout/external-link";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useCommunity } from "@/lib/community";

const buttonClass = cn(buttonVariants({ variant: "accent" }), "w-full sm:w-auto");

/**
 * The events page's invitation to the WhatsApp community. 'Join Groups' opens the invite
 * link once it is known; until then (and while no link is set) it leads to the community
 * card on /membership, so the prerendered page's button always goes somewhere real.
 */
export function WhatsAppCard() {
  const inviteLink = useCommunity().data?.inviteLink;
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-accent/30 bg-accent-soft p-5 text-accent-soft-foreground sm:flex-row sm:items-center">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <MessageCircle aria-hidden="true" className="size-6" />
      </span>
      <div className="flex-1">
        <h2 className="text-lg font-bold">Join Our WhatsApp Community</h2>
        <p className="text-sm">Connect with fellow sports enthusiasts</p>
      </div>
      {inviteLink ? (
        <ExternalLink href={inviteLink} className={buttonClass}>
          Join Groups
        </ExternalLink>
      ) : (
        <Link to="/membership#community" className={buttonClass}>
          Join Groups
        </Link>
      )}
    </div>
  );
}
