import { MapPinned } from "lucide-react";
import { useSearchParams } from "@/lib/router";
import { Card } from "@/components/ui/card";
import { useCommunity } from "@/lib/community";
import { ContactCards, OfficeHours } from "@/features/contact/components/contact-details";
import { ContactForm } from "@/features/contact/components/contact-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function ContactPage() {
  useDocumentTitle("Contact Us");
  const [params] = useSearchParams();
  const community = useCommunity();
  return (
    <>
      <section className="border-b bg-linear-to-b from-secondary/70 to-background">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Contact Us</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Questions about a session, accessibility, membership or working together? We&apos;d
            love to hear from you and reply within 24 hours.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:px-8">
        <section aria-labelledby="get-in-touch" className="space-y-4">
          <h2 id="get-in-touch" className="text-2xl font-extrabold tracking-tight">
            Get in Touch
          </h2>
          <ContactCards whatsAppLink={community.data?.inviteLink} />
          <OfficeHours />
        </section>
        <Card className="p-5 sm:p-8">
          <section aria-labelledby="send-message">
            <h2 id="send-message" className="text-2xl font-extrabold tracking-tight">
              Send us a Message
            </h2>
            <div className="mt-5">
              <ContactForm subject={params.get("subject")} />
            </div>
          </section>
        </Card>
      </div>
      <section aria-labelledby="find-us" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl border bg-accent-soft p-8 text-accent-soft-foreground sm:p-12">
          <svg
            aria-hidden="true"
            className="absolute inset-0 size-full opacity-10"
            viewBox="0 0 400 200"
            preserveAspectRatio="none"
          >
            <path
              d="M0 150 C80 120 120 170 200 130 S320 60 400 90 M0 60 C90 90 160 30 240 70 S340 150 400 120"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
            />
          </svg>
          <div className="relative max-w-xl">
            <h2 id="find-us" className="flex items-center gap-3 text-2xl font-extrabold">
              <MapPinned className="size-7" aria-hidden="true" /> Find Us
            </h2>
            <p className="mt-3">
              Our sessions run in parks, leisure centres and community halls across 12 London
              boroughs. Each event page gives the exact venue. An interactive map is coming soon.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
