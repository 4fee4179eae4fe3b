import { ArrowRight, Dumbbell, Heart, Users } from "lucide-react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { StatCards, type Stat } from "@/features/community/components/stat-cards";
import { ValuesGrid } from "@/features/community/components/values-grid";
import { RecommendedForYou } from "@/features/events/components/recommended-for-you";
import { UpcomingEvents } from "@/features/events/components/upcoming-events";
import { sportImageUrl } from "@/lib/sport-images";
import { useDocumentTitle } from "@/lib/use-document-title";

const STATS: readonly Stat[] = [
  { value: "500+", label: "Active Members", icon: Users },
  { value: "15+", label: "Sports Categories", icon: Dumbbell },
  { value: "All", label: "Levels Welcome", icon: Heart },
];

const HERO_SPORTS = ["Football", "Basketball", "Yoga", "Swimming"] as const;

export default function HomePage() {
  useDocumentTitle("Inclusive community sports in London");
  return (
    <>
      <section className="relative overflow-hidden border-b bg-linear-to-b from-secondary/70 to-background">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="inline-flex rounded-full bg-card px-3 py-1 text-sm font-semibold text-primary shadow-sm ring-1 ring-border">
              Community sport across London
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Sport for everyone. <span className="text-primary">Together.</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">
              Community-led sessions across 15+ sports for all levels, welcoming underrepresented
              groups, the LGBTQIA+ community, refugees, disabled people, carers and NHS staff.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/events">
                  Book Your Session <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                {/* The spec's words, and for a list of links (and search engines) what they lead to. */}
                <Link to="/about">
                  Learn More<span className="sr-only"> about PlaySpace</span>
                </Link>
              </Button>
            </div>
          </div>
          <ul className="hidden grid-cols-2 gap-4 lg:grid" aria-hidden="true">
            {HERO_SPORTS.map((sport, index) => (
              <li key={sport} className={index % 2 === 1 ? "translate-y-8" : undefined}>
                {/* Lazy: a phone never shows them (hidden below lg), so it never fetches them. */}
                <img
                  src={sportImageUrl(sport)}
                  alt=""
                  width={800}
                  height={400}
                  loading="lazy"
                  className="aspect-2/1 h-auto w-full rounded-2xl border bg-muted object-cover shadow-md"
                />
              </li>
            ))}
          </ul>
        </div>
        <div className="mx-auto max-w-7xl px-4 pb-14 sm:px-6 lg:px-8">
          <StatCards stats={STATS} className="grid-cols-3 gap-2 sm:gap-4" />
        </div>
      </section>

      <UpcomingEvents />

      {/* After the spec's Upcoming Events: it appears only once the person is known, so it
          must not push the prerendered first screen down. */}
      <RecommendedForYou />

      <section aria-labelledby="community" className="border-t bg-muted/50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="community" className="text-3xl font-extrabold tracking-tight text-balance">
            Building an Inclusive Sports Community
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            We are a community interest company: every session exists to bring Londoners
            together through sport, and every pound goes back into the community.
          </p>
          <ValuesGrid count={4} className="mt-8 lg:grid-cols-4" />
        </div>
      </section>
    </>
  );
}
