import { CalendarDays, ClipboardList, Copy, Ellipsis, Pencil, Plus, Ticket } from "lucide-react";
import { useState } from "react";
import { Link } from "@/lib/router";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { errorMessage } from "@/lib/api-client";
import { formatPrice } from "@/lib/format";
import type { AdminEvent } from "../api/admin-event-schema";
import { useAdminEvents, type EventsWhen } from "../api/get-admin-events";
import { useUpdateEvent, type UpdateEventResult } from "../api/update-event";
import { EVENT_MESSAGES, isPrice, normalisePrice } from "../lib/event-form";
import { formatDateTime } from "../lib/format";
import { ADMIN_TOASTS, peopleTold, TRY_AGAIN } from "../lib/messages";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { useKeysetPager } from "../lib/use-keyset-pager";
import { EventFormDialog, type EventDialogMode } from "./event-form-dialog";
import { ExportButton } from "./export-button";
import { InlineText } from "./inline-edit";
import { EmptyList, ListSkeleton, LoadError } from "./list-states";
import { Pager } from "./pager";
import { SearchBox } from "./search-box";
import { SeriesDialog } from "./series-dialog";
import { TableRegion, tdClass, thClass } from "./table-region";

const WHEN: readonly { value: EventsWhen; label: string }[] = [
  { value: "upcoming", label: "Upcoming" },
  { value: "past", label: "Past" },
  { value: "all", label: "All" },
];

/** The row's less frequent actions behind one button, so every row stays one line high. */
function EventRowActions({ event, onOpen }: { event: AdminEvent; onOpen: (mode: EventDialogMode) => void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-11!" aria-label={`Actions for ${event.title}`}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuItem className="min-h-11" onSelect={() => onOpen({ kind: "edit", event })}>
          <Pencil aria-hidden="true" /> Edit
        </DropdownMenuItem>
        <DropdownMenuItem className="min-h-11" onSelect={() => onOpen({ kind: "duplicate", event })}>
          <Copy aria-hidden="true" /> Duplicate
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem className="min-h-11" asChild>
          <Link to={`/admin/register/${encodeURIComponent(event.id)}`}>
            <ClipboardList aria-hidden="true" /> Register
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem className="min-h-11" asChild>
          <Link to={`/admin?tab=bookings&eventId=${encodeURIComponent(event.id)}`}>
            <Ticket aria-hidden="true" /> Bookings
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function EventRow({ event, onOpen }: { event: AdminEvent; onOpen: (mode: EventDialogMode) => void }) {
  const update = useUpdateEvent();
  const save = (patch: { title: string } | { price: string }) =>
    update.mutateAsync({ id: event.id, patch, scope: event.seriesId ? "this" : undefined }).then(
      (result: UpdateEventResult) =>
        toast.success(ADMIN_TOASTS.eventUpdated, {
          description: result.notified > 0 ? `${peopleTold(result.notified)}.` : result.event.title,
        }),
      (error: unknown) => {
        toast.error(ADMIN_TOASTS.updateFailed, { description: errorMessage(error, TRY_AGAIN) });
        throw error;
      },
    );
  return (
    <tr>
      <td className={`${tdClass} whitespace-nowrap`}>
        <time dateTime={event.date}>{formatDateTime(event.date)}</time>
        <span className="block text-xs text-muted-foreground">{event.duration} min</span>
      </td>
      <td className={tdClass}>
        <InlineText
          value={event.title}
          label="Title"
          itemLabel={event.title}
          field="title"
          validate={(value) => (value === "" ? EVENT_MESSAGES.title : null)}
          onSave={(title) => save({ title })}
          className="min-w-48"
        />
        <span className="flex flex-wrap gap-1">
          <Badge variant="outline">{event.category}</Badge>
          {!event.isActive && <Badge variant="destructive">Inactive</Badge>}
          {event.seriesId && <Badge variant="secondary">Series</Badge>}
        </span>
      </td>
      <td className={tdClass}>{event.location}</td>
      <td className={`${tdClass} tabular-nums whitespace-nowrap`}>
        {event.currentParticipants} / {event.maxParticipants}
      </td>
      <td className={tdClass}>
        <InlineText
          value={normalisePrice(event.price)}
          label="Price"
          itemLabel={event.title}
          field="price"
          inputMode="decimal"
          display={formatPrice}
          validate={(value) => (isPrice(value) ? null : EVENT_MESSAGES.price)}
          onSave={(price) => save({ price: normalisePrice(price) })}
        />
      </td>
      <td className={tdClass}>{event.leaderName ?? <span className="text-muted-foreground">None</span>}</td>
      <td className={`${tdClass} text-right`}>
        <EventRowActions event={event} onOpen={onOpen} />
      </td>
    </tr>
  );
}

export function EventsTab() {
  const [when, setWhen] = useState<EventsWhen>("upcoming");
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const pager = useKeysetPager(`${when}|${q}`);
  const events = useAdminEvents({ when, q, cursor: pager.cursor });
  const [dialog, setDialog] = useState<EventDialogMode | null>(null);
  const list = events.data?.events ?? [];

  return (
    <section aria-labelledby="events-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="events-heading" className="text-2xl font-bold">
          Events
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton type="events" />
          <SeriesDialog />
          <Button onClick={() => setDialog({ kind: "create" })}>
            <Plus aria-hidden="true" /> Create event
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <fieldset className="min-w-0">
          <legend className="mb-1.5 text-sm font-semibold">Show</legend>
          <div className="flex gap-2">
            {WHEN.map((option) => (
              <Choice
                key={option.value}
                type="radio"
                name="events-when"
                value={option.value}
                label={option.label}
                checked={when === option.value}
                onChange={() => setWhen(option.value)}
                className="min-h-11"
              />
            ))}
          </div>
        </fieldset>
        <SearchBox label="Search events" placeholder="Title, place or description" value={search} onChange={setSearch} />
      </div>

      {events.isPending ? (
        <ListSkeleton label="Loading events…" />
      ) : events.isError ? (
        <LoadError title="Could not load events" error={events.error} onRetry={() => void events.refetch()} />
      ) : list.length === 0 ? (
        <EmptyList icon={CalendarDays} title={q ? "No events match" : "No events here"}>
          {q ? `No ${when === "all" ? "" : `${when} `}event matches "${q}".` : "Create an event or a series to get started."}
        </EmptyList>
      ) : (
        <>
          <TableRegion caption={`${WHEN.find((w) => w.value === when)?.label ?? ""} events, page ${pager.page}`} hideCaption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Date (London)
                </th>
                <th scope="col" className={thClass}>
                  Title
                </th>
                <th scope="col" className={thClass}>
                  Location
                </th>
                <th scope="col" className={thClass}>
                  Places
                </th>
                <th scope="col" className={thClass}>
                  Price
                </th>
                <th scope="col" className={thClass}>
                  Leader
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((event) => (
                <EventRow key={event.id} event={event} onOpen={setDialog} />
              ))}
            </tbody>
          </TableRegion>
          <Pager
            label="events"
            page={pager.page}
            total={events.data.total}
            nextCursor={events.data.nextCursor}
            busy={events.isFetching}
            onPrevious={pager.previous}
            onNext={pager.next}
          />
        </>
      )}
      {dialog && <EventFormDialog key={dialog.kind + (dialog.kind === "create" ? "" : dialog.event.id)} mode={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
