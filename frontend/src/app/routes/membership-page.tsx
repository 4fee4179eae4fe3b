import { useEffect, useRef } from "react";
import { useLocation } from "@/lib/router";
import { CommunityCard } from "@/features/community/components/community-card";
import { CommunityBenefits } from "@/features/membership/components/community-benefits";
import { MembershipFaq } from "@/features/membership/components/membership-faq";
import { MembershipPlans } from "@/features/membership/components/membership-plans";
import { site } from "@/lib/site";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function MembershipPage() {
  useDocumentTitle("Membership");
  // /membership#community (the events page's 'Join Groups' before the link is known) lands
  // on the community card once this lazily loaded page is here.
  const { hash } = useLocation();
  const community = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === "#community") community.current?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <section className="border-b bg-linear-to-b from-secondary/70 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Join Our Community</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            Become a {site.name} member and play with people who make sport feel like home. Start free, go
            Active for unlimited sessions, or become a Supporter and fund places for others.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-20 px-4 py-16 sm:px-6 lg:px-8">
        <section aria-labelledby="plans">
          <h2 id="plans" className="text-center text-3xl font-extrabold tracking-tight">
            Choose Your Plan
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
            Every plan includes our welcoming sessions and the support of the community.
          </p>
          <div className="mt-10">
            <MembershipPlans />
          </div>
        </section>

        <section aria-labelledby="benefits">
          <h2 id="benefits" className="text-3xl font-extrabold tracking-tight">
            Community Benefits
          </h2>
          <div className="mt-8">
            <CommunityBenefits />
          </div>
        </section>

        <section id="community" ref={community} aria-labelledby="community-heading" className="scroll-mt-20">
          <h2 id="community-heading" className="text-3xl font-extrabold tracking-tight">
            Our WhatsApp Community
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Free for everyone, whatever your plan: meet people before your first session and hear about new
            ones first.
          </p>
          <div className="mt-8">
            <CommunityCard />
          </div>
        </section>

        <section aria-labelledby="faq" className="mx-auto max-w-3xl">
          <h2 id="faq" className="text-3xl font-extrabold tracking-tight">
            Frequently Asked Questions
          </h2>
          <div className="mt-8">
            <MembershipFaq />
          </div>
        </section>
      </div>
    </>
  );
}
