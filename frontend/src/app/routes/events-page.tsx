import { EventsBrowser } from "@/features/events/components/events-browser";
import { WhatsAppCard } from "@/features/community/components/whatsapp-card";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function EventsPage() {
  useDocumentTitle("Sports Events");
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className="grid gap-6 lg:grid-cols-[1fr_auto] lg:items-end">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Sports Events</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
            Discover upcoming inclusive sports events across London: fun, friendly and engaging
            activities for every level. Choose a sport, pick a location and join in.
          </p>
        </div>
        <WhatsAppCard />
      </div>
      <EventsBrowser />
    </div>
  );
}
