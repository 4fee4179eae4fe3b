import { ArchiveRestore, Archive, Ellipsis, MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ACCESS_FACTS } from "@/lib/access-facts";
import { errorMessage } from "@/lib/api-client";
import { plural } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useAdminVenues, useDeleteVenue, useUpdateVenue, type AdminVenue } from "../api/venues";
import { formatDay } from "../lib/format";
import { TRY_AGAIN } from "../lib/messages";
import { EmptyList, ListSkeleton, LoadError } from "./list-states";
import { TableRegion, tdClass, thClass } from "./table-region";
import { VenueFormDialog } from "./venue-form-dialog";

/** "3 yes, 1 no, 6 not checked yet". */
function factCounts(venue: AdminVenue): string {
  const values = ACCESS_FACTS.map((fact) => venue.access[fact.key]);
  const count = (value: string) => values.filter((v) => v === value).length;
  return `${count("yes")} yes, ${count("no")} no, ${count("unknown")} not checked yet`;
}

function checked(venue: AdminVenue): string {
  if (!venue.accessCheckedAt) return "Never";
  const by = venue.accessCheckedBy ? ` by ${venue.accessCheckedBy}` : "";
  return `${formatDay(venue.accessCheckedAt)}${by}`;
}

function VenueRow({ venue, onEdit, onDelete }: { venue: AdminVenue; onEdit: () => void; onDelete: () => void }) {
  const update = useUpdateVenue();
  const setRetired = (retired: boolean) =>
    update.mutate(
      { id: venue.id, patch: { retired } },
      {
        onSuccess: (saved) =>
          toast.success(retired ? "Venue retired" : "Venue brought back", {
            description: retired ? `${saved.name} is no longer offered for new sessions.` : saved.name,
          }),
        onError: (error) => toast.error("The venue could not be saved", { description: errorMessage(error, TRY_AGAIN) }),
      },
    );
  return (
    <tr>
      <th scope="row" className={`${tdClass} text-left font-semibold`}>
        {venue.name}
        {venue.retired && (
          <Badge variant="outline" className="ms-2">
            Retired
          </Badge>
        )}
        <span className="block text-xs font-normal text-muted-foreground">
          {[venue.address, venue.postcode].filter(Boolean).join(", ")}
        </span>
      </th>
      <td className={tdClass}>{venue.borough}</td>
      <td className={tdClass}>{factCounts(venue)}</td>
      <td className={tdClass}>{checked(venue)}</td>
      <td className={tdClass}>
        {plural(venue.upcomingSessions, "upcoming session")}
        <span className="block text-xs text-muted-foreground">{plural(venue.sessions, "session")} in all</span>
      </td>
      <td className={`${tdClass} text-right`}>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-11!" aria-label={`Actions for ${venue.name}`}>
              <Ellipsis aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-52">
            <DropdownMenuItem className="min-h-11" onSelect={onEdit}>
              <Pencil aria-hidden="true" /> Edit
            </DropdownMenuItem>
            {venue.retired ? (
              <DropdownMenuItem className="min-h-11" onSelect={() => setRetired(false)}>
                <ArchiveRestore aria-hidden="true" /> Bring back
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem className="min-h-11" onSelect={() => setRetired(true)}>
                <Archive aria-hidden="true" /> Retire
              </DropdownMenuItem>
            )}
            {venue.sessions === 0 && (
              <DropdownMenuItem className="min-h-11" onSelect={onDelete}>
                <Trash2 aria-hidden="true" /> Delete
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </td>
    </tr>
  );
}

/** The Venues tab: where sessions happen and their access facts. */
export function VenuesTab() {
  const venues = useAdminVenues();
  const [editing, setEditing] = useState<AdminVenue | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminVenue | null>(null);
  const remove = useDeleteVenue();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Venue deleted", { description: deleting.name });
        setDeleting(null);
      },
      onError: (error) => {
        toast.error("The venue could not be deleted", { description: errorMessage(error, TRY_AGAIN) });
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby="venues-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="venues-heading" className="text-2xl font-bold">
            Venues
          </h2>
          <p className="text-sm text-muted-foreground">
            Where sessions happen, and the access facts members filter on. A venue with sessions can be retired, not
            deleted.
          </p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> Add venue
        </Button>
      </div>
      {venues.isPending ? (
        <ListSkeleton label="Loading venues" />
      ) : venues.isError ? (
        <LoadError title="We couldn't load venues" error={venues.error} onRetry={() => void venues.refetch()} />
      ) : venues.data.length === 0 ? (
        <EmptyList icon={MapPin} title="No venues yet">
          Add a venue to create sessions there.
        </EmptyList>
      ) : (
        <TableRegion caption="All venues" hideCaption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Venue
              </th>
              <th scope="col" className={thClass}>
                Borough
              </th>
              <th scope="col" className={thClass}>
                Access facts
              </th>
              <th scope="col" className={thClass}>
                Last checked
              </th>
              <th scope="col" className={thClass}>
                Sessions
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {venues.data.map((venue) => (
              <VenueRow key={venue.id} venue={venue} onEdit={() => setEditing(venue)} onDelete={() => setDeleting(venue)} />
            ))}
          </tbody>
        </TableRegion>
      )}
      {editing && (
        <VenueFormDialog
          key={editing === "new" ? "new" : editing.id}
          venue={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete {deleting?.name}?</AlertDialogTitle>
          <AlertDialogDescription>No session has been held there. The venue is removed for good.</AlertDialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Keep it
              </Button>
            </AlertDialogCancel>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending ? "Deleting..." : "Delete venue"}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
