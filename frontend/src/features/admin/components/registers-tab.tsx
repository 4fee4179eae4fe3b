import { ClipboardList } from "lucide-react";
import { Link } from "@/lib/router";
import { Card } from "@/components/ui/card";
import { useRegisters } from "../api/get-registers";
import { formatDateTime } from "../lib/format";
import { EmptyList, ListSkeleton, LoadError } from "./list-states";

/** The sessions the person leads (admins: every led session), each opening its register. */
export function RegistersTab() {
  const registers = useRegisters();
  return (
    <section aria-labelledby="registers-heading" className="space-y-4">
      <h2 id="registers-heading" className="text-2xl font-bold">
        Registers
      </h2>
      <p className="text-muted-foreground">Sessions from yesterday on. Open one to take the register at the venue.</p>
      {registers.isPending ? (
        <ListSkeleton label="Loading registers…" />
      ) : registers.isError ? (
        <LoadError title="Could not load registers" error={registers.error} onRetry={() => void registers.refetch()} />
      ) : registers.data.length === 0 ? (
        <EmptyList icon={ClipboardList} title="No sessions to register">
          Sessions you lead appear here from the day before.
        </EmptyList>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {registers.data.map((event) => (
            <li key={event.id}>
              <Card className="relative flex min-h-11 flex-col gap-1 p-4 hover:bg-muted focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring">
                <Link
                  to={`/admin/register/${encodeURIComponent(event.id)}`}
                  className="font-bold after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                >
                  {event.title}
                </Link>
                <span className="text-sm">
                  <time dateTime={event.date}>{formatDateTime(event.date)}</time>
                </span>
                <span className="text-sm text-muted-foreground">{event.location}</span>
                <span className="text-sm font-semibold tabular-nums">
                  {event.currentParticipants} / {event.maxParticipants} booked
                  {event.leaderName && <span className="font-normal text-muted-foreground"> · Led by {event.leaderName}</span>}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
