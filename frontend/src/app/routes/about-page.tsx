import { ArrowRight, CalendarDays, Dumbbell, MapPinned, ShieldCheck, Target, Users } from "lucide-react";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { StatCards, type Stat } from "@/features/community/components/stat-cards";
import { ValuesGrid } from "@/features/community/components/values-grid";
import { site } from "@/lib/site";
import { useDocumentTitle } from "@/lib/use-document-title";

const IMPACT: readonly Stat[] = [
  { value: "500+", label: "Active Members", icon: Users },
  { value: "50+", label: "Weekly Events", icon: CalendarDays },
  { value: "15", label: "Sports Offered", icon: Dumbbell },
  { value: "12", label: "London Boroughs", icon: MapPinned },
];

export default function AboutPage() {
  useDocumentTitle("About Us");
  return (
    <>
      <section className="border-b bg-linear-to-b from-secondary/70 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            About {site.name}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            We are a London community interest company running inclusive, community-led sports
            sessions for people who are too often left out of sport.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-20 px-4 py-16 sm:px-6 lg:px-8">
        <div className="grid items-center gap-8 lg:grid-cols-2">
          <section aria-labelledby="mission">
            <h2 id="mission" className="flex items-center gap-3 text-3xl font-extrabold tracking-tight">
              <Target className="size-8 text-primary" aria-hidden="true" /> Our Mission
            </h2>
            <p className="mt-4 text-lg leading-relaxed">
              To make sport a place where everyone belongs. We bring together underrepresented
              groups, the LGBTQIA+ community, refugees, disabled people, carers and NHS staff
              for sessions that are welcoming, affordable and fun.
            </p>
            <p className="mt-4 leading-relaxed text-muted-foreground">
              Whether you are picking up a racket for the first time or returning to the
              sport you love, there is a session and a team waiting for you.
            </p>
          </section>
          <section aria-labelledby="impact" className="rounded-2xl border bg-muted/50 p-6">
            <h2 id="impact" className="text-2xl font-extrabold tracking-tight">
              Our Impact
            </h2>
            <StatCards stats={IMPACT} className="mt-5 grid-cols-2 gap-3 sm:gap-4" />
          </section>
        </div>

        <section aria-labelledby="values">
          <h2 id="values" className="text-3xl font-extrabold tracking-tight">
            Our Values
          </h2>
          <ValuesGrid className="mt-8 lg:grid-cols-3" />
        </section>

        <section aria-labelledby="commitment" className="rounded-2xl border bg-card p-8 shadow-sm">
          <h2 id="commitment" className="flex items-center gap-3 text-3xl font-extrabold tracking-tight">
            <ShieldCheck className="size-8 text-accent" aria-hidden="true" /> Our Commitment
          </h2>
          <p className="mt-4 max-w-3xl leading-relaxed">
            {site.name} is a registered Community Interest Company in England &amp; Wales. That
            means we exist for community benefit, not private profit: any surplus is reinvested
            in sessions, equipment, training for our volunteers and support for members who
            need it most.
          </p>
        </section>

        <section
          aria-labelledby="join"
          className="rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12"
        >
          <h2 id="join" className="text-3xl font-extrabold tracking-tight">
            Join Our Community
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg">
            Find a session near you, or talk to us about volunteering, partnering or
            accessibility.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to="/events">
                Browse Events <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="onPrimary">
              <Link to="/contact">Get in Touch</Link>
            </Button>
          </div>
        </section>
      </div>
    </>
  );
}
