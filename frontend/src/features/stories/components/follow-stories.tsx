import { Camera } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { ExternalLink } from "@/components/layout/external-link";
import { externalLinks, SOCIAL_NETWORKS } from "@/lib/external-links";

/** Where the blog points for more of the community's stories (spec: /blog links to Instagram and TikTok). */
const STORY_NETWORKS = SOCIAL_NETWORKS.filter(({ key }) => key === "instagram" || key === "tikTok");

/**
 * The blog's links to the organisation's Instagram and TikTok, each shown only when this build
 * has its address (VITE_INSTAGRAM_URL, VITE_TIKTOK_URL); without either, nothing.
 */
export function FollowStories() {
  const links = STORY_NETWORKS.flatMap(({ key, label }) => {
    const href = externalLinks[key];
    return href ? [{ label, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="follow-stories" className="rounded-2xl border bg-card px-5 py-8 text-center sm:px-10">
      <span className="mx-auto flex size-11 items-center justify-center rounded-full bg-secondary text-primary">
        <Camera className="size-5" aria-hidden="true" />
      </span>
      <h2 id="follow-stories" className="mt-3 text-2xl font-extrabold tracking-tight">
        Follow Our Community
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
        Photos, clips and little moments from our sessions, shared every week.
      </p>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        {links.map(({ label, href }) => (
          <li key={label}>
            <ExternalLink href={href} className={buttonVariants({ variant: "outline", size: "lg" })}>
              {label}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
