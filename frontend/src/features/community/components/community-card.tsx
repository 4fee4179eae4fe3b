import { Check, Copy, MessageCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { ExternalLink } from "@/components/layout/external-link";
import { Button, buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useCommunity } from "@/lib/community";

/** The spec's QR code: 200 px wide with a quiet zone of 2 modules. */
const QR_OPTIONS = { type: "svg", width: 200, margin: 2, errorCorrectionLevel: "M" } as const;

/** The invite link drawn as a QR code (an SVG data URL); the library loads with this card. */
function useQrCode(text: string): string | null {
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import("qrcode")
      .then(({ toString }) => toString(text, QR_OPTIONS))
      .then((svg) => {
        if (current) setDrawn({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      });
    return () => {
      current = false;
    };
  }, [text]);
  return drawn?.text === text ? drawn.url : null;
}

function InviteQrCode({ link }: { link: string }) {
  const url = useQrCode(link);
  // Dark on white in both themes: phones' cameras read it that way.
  return (
    <div className="size-[200px] shrink-0 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/10">
      {url ? (
        <img src={url} width={200} height={200} alt="QR code of the WhatsApp community's invite link" />
      ) : (
        <Skeleton className="size-full bg-neutral-200" />
      )}
    </div>
  );
}

async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success("Link Copied!", { description: "Share it with a friend who'd like to join." });
  } catch {
    toast.error("Could not copy the link", { description: link });
  }
}

function Lines({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="font-bold">{title}</h4>
      <ul className="mt-2 space-y-1.5 text-sm">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The membership page's WhatsApp community card: its QR code, join and copy-invite buttons,
 * benefits and guidelines; 'Coming Soon!' while no invite link is set.
 */
export function CommunityCard() {
  const { data: community, isPending, isError, refetch } = useCommunity();

  if (isPending) {
    return (
      <div className="grid gap-6 rounded-2xl border bg-card p-6 sm:grid-cols-[minmax(0,1fr)_auto]" aria-busy="true">
        <p className="sr-only">Loading the community…</p>
        <div className="space-y-3">
          <Skeleton className="h-7 w-2/3 rounded" />
          <Skeleton className="h-4 w-full rounded" />
          <Skeleton className="h-4 w-5/6 rounded" />
        </div>
        <Skeleton className="size-[200px] rounded-xl" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="rounded-2xl border bg-card p-6" role="alert">
        <p>We couldn&apos;t load the community&apos;s details.</p>
        <Button variant="outline" className="mt-3" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const link = community.inviteLink;
  return (
    <div className="grid gap-8 rounded-2xl border border-accent/30 bg-accent-soft p-6 text-accent-soft-foreground sm:p-8 md:grid-cols-[minmax(0,1fr)_auto]">
      <div className="space-y-5">
        <div className="flex items-center gap-3">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <MessageCircle className="size-6" aria-hidden="true" />
          </span>
          <h3 className="text-2xl font-extrabold tracking-tight">{community.communityName}</h3>
        </div>
        {community.description && <p className="leading-relaxed">{community.description}</p>}
        {!link && (
          <div role="status" className="rounded-xl bg-background/70 p-4">
            <p className="font-bold">Coming Soon!</p>
            <p className="text-sm">Our WhatsApp community will be available soon. Stay tuned!</p>
          </div>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <Lines title="Benefits" items={community.benefits} />
          <Lines title="Guidelines" items={community.guidelines} />
        </div>
      </div>
      {link && (
        <div className="flex flex-col items-center gap-3 md:w-[200px]">
          <InviteQrCode link={link} />
          <p className="text-center text-sm">Scan with your phone&apos;s camera to join.</p>
          <ExternalLink
            href={link}
            className={cn(buttonVariants({ variant: "accent" }), "w-full")}
          >
            Join the community
          </ExternalLink>
          <Button variant="outline" className="w-full" onClick={() => void copy(link)}>
            <Copy aria-hidden="true" />
            Copy invite link
          </Button>
        </div>
      )}
    </div>
  );
}
