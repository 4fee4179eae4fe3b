import { Trash2, UserCog } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { useBulkUserAction, type BulkUserAction } from "../api/bulk-user-action";
import { ROLE_LABELS, ROLES, type Role } from "../api/schema";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";

interface BulkUserActionsProps {
  selectedIds: string[];
  /** After the server did it: the selection is cleared. */
  onDone: () => void;
}

const people = (count: number) => `${count} ${count === 1 ? "user" : "users"}`;

/** Delete or change the role of the selected users; asks first, says 'No items selected' when none are. */
export function BulkUserActions({ selectedIds, onDone }: BulkUserActionsProps) {
  const [dialog, setDialog] = useState<"delete" | "role" | null>(null);
  const [role, setRole] = useState<Role>("user");
  const bulk = useBulkUserAction();
  const count = selectedIds.length;

  const open = (which: "delete" | "role") => {
    if (count === 0) {
      toast.error(ADMIN_TOASTS.noItemsSelected, { description: "Select at least one user first." });
      return;
    }
    setDialog(which);
  };

  const run = (request: BulkUserAction) =>
    bulk.mutate(request, {
      onSuccess: ({ affected }) => {
        toast.success(ADMIN_TOASTS.bulkDone, {
          description: request.action === "delete" ? `${people(affected)} deleted` : `${people(affected)} now ${ROLE_LABELS[role].toLowerCase()}`,
        });
        setDialog(null);
        onDone();
      },
      onError: (error) => {
        setDialog(null);
        toast.error(ADMIN_TOASTS.bulkFailed, { description: errorMessage(error, TRY_AGAIN) });
      },
    });

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bulk actions">
      <p className="mr-2 text-sm text-muted-foreground" aria-live="polite">
        {count === 0 ? "No users selected" : `${people(count)} selected`}
      </p>
      <Button variant="destructiveOutline" onClick={() => open("delete")}>
        <Trash2 aria-hidden="true" /> Delete
      </Button>
      <Button variant="outline" onClick={() => open("role")}>
        <UserCog aria-hidden="true" /> Change role
      </Button>

      <AlertDialog open={dialog === "delete"} onOpenChange={(next) => !bulk.isPending && setDialog(next ? "delete" : null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete {people(count)}?</AlertDialogTitle>
          <AlertDialogDescription>
            Their accounts are closed and their personal data is erased: names, contact details, preferences and
            notes. This cannot be undone.
          </AlertDialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={bulk.isPending}>
                Keep them
              </Button>
            </AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={bulk.isPending}
              onClick={() => run({ action: "delete", userIds: selectedIds })}
            >
              {bulk.isPending ? "Deleting..." : `Delete ${people(count)}`}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>

      <Dialog open={dialog === "role"} onOpenChange={(next) => !bulk.isPending && setDialog(next ? "role" : null)}>
        <DialogContent>
          <DialogTitle>Change role of {people(count)}</DialogTitle>
          <DialogDescription>Their admin sessions end; they keep their sign-in.</DialogDescription>
          <form
            className="mt-5 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              run({ action: "updateRole", userIds: selectedIds, data: { role } });
            }}
          >
            <Field label="New role">
              {(props) => (
                <Select value={role} onValueChange={(value) => setRole(value as Role)}>
                  <SelectTrigger {...props}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ROLES.map((value) => (
                      <SelectItem key={value} value={value}>
                        {ROLE_LABELS[value]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={bulk.isPending} onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button type="submit" disabled={bulk.isPending}>
                {bulk.isPending ? "Changing..." : "Change role"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
