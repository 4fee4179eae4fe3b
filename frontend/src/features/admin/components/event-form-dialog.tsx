import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import type { AdminEvent } from "../api/admin-event-schema";
import { useCreateEvent } from "../api/create-event";
import type { EventFields } from "../api/event-fields";
import { useUpdateEvent, type EventScope, type UpdateEventResult } from "../api/update-event";
import {
  CATEGORY_OPTIONS,
  changedFields,
  eventFormSchema,
  eventToValues,
  newEventValues,
  valuesToFields,
  type EventFormValues,
} from "../lib/event-form";
import { ADMIN_TOASTS, peopleTold, TRY_AGAIN } from "../lib/messages";
import { LeaderSelect } from "./leader-select";
import { VenueSelect } from "./venue-select";

export type EventDialogMode = { kind: "create" } | { kind: "duplicate"; event: AdminEvent } | { kind: "edit"; event: AdminEvent };

const FORM_FIELDS = new Set([
  "title",
  "description",
  "category",
  "venueId",
  "date",
  "time",
  "duration",
  "maxParticipants",
  "price",
  "isActive",
  "leaderId",
  "companionAllowed",
  "solidarityPlaces",
]);

/** The server's field names onto the form's (its `date` is our date and time). */
const isFormField = (name: string) => FORM_FIELDS.has(name);

function updateSummary(result: UpdateEventResult): string {
  const parts: string[] = [];
  if (result.updated > 1) parts.push(`${result.updated} sessions updated.`);
  if (result.notified > 0) parts.push(`${peopleTold(result.notified)}.`);
  return parts.length > 0 ? parts.join(" ") : result.event.title;
}

function initialValues(mode: EventDialogMode): EventFormValues {
  if (mode.kind === "create") return newEventValues();
  const values = eventToValues(mode.event);
  return mode.kind === "duplicate" ? { ...values, isActive: true } : values;
}

interface EventFormDialogProps {
  mode: EventDialogMode;
  onClose: () => void;
}

/** Create, duplicate (pre-filled) or edit a session; every time in London time. */
export function EventFormDialog({ mode, onClose }: EventFormDialogProps) {
  const editing = mode.kind === "edit" ? mode.event : null;
  const minCapacity = editing?.currentParticipants ?? 0;
  const schema = useMemo(() => eventFormSchema(minCapacity), [minCapacity]);
  const form = useForm<EventFormValues>({ resolver: zodResolver(schema), defaultValues: initialValues(mode) });
  const { errors } = form.formState;
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const busy = create.isPending || update.isPending;
  const [confirmDeactivate, setConfirmDeactivate] = useState<{ patch: Partial<EventFields>; scope: EventScope | undefined } | null>(null);

  const fail = (title: string) => (error: unknown) => {
    applyServerFieldErrors(form, error, isFormField);
    toast.error(title, { description: errorMessage(error, TRY_AGAIN) });
  };

  const sendUpdate = (event: AdminEvent, patch: Partial<EventFields>, scope: EventScope | undefined) =>
    update.mutate(
      { id: event.id, patch, scope },
      {
        onSuccess: (result) => {
          setConfirmDeactivate(null);
          toast.success(ADMIN_TOASTS.eventUpdated, { description: updateSummary(result) });
          onClose();
        },
        onError: (error) => {
          setConfirmDeactivate(null);
          fail(ADMIN_TOASTS.updateFailed)(error);
        },
      },
    );

  const onValid = (values: EventFormValues) => {
    const fields = valuesToFields(values);
    if (!editing) {
      create.mutate(fields, {
        onSuccess: (event) => {
          toast.success(ADMIN_TOASTS.eventCreated, { description: event.title });
          onClose();
        },
        onError: fail(ADMIN_TOASTS.creationFailed),
      });
      return;
    }
    const patch = changedFields(editing, fields);
    if (Object.keys(patch).length === 0) {
      toast.info("No changes to save");
      onClose();
      return;
    }
    const scope = editing.seriesId ? (values.scope === "following" ? "following" : "this") : undefined;
    if (patch.isActive === false) setConfirmDeactivate({ patch, scope });
    else sendUpdate(editing, patch, scope);
  };

  const title = mode.kind === "edit" ? "Edit event" : mode.kind === "duplicate" ? "Duplicate event" : "Create event";

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent wide>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {mode.kind === "duplicate"
            ? `A new session with the details of "${mode.event.title}". Change the date before creating it.`
            : "Dates and times are London time."}
        </DialogDescription>
        <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <Field label="Title" required error={errors.title?.message}>
            {(props) => <Input {...props} {...form.register("title")} />}
          </Field>
          <Field label="Description" required error={errors.description?.message}>
            {(props) => <Textarea rows={3} className="min-h-24" {...props} {...form.register("description")} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Category" required error={errors.category?.message}>
              {(props) => (
                <Controller
                  control={form.control}
                  name="category"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                      <SelectTrigger {...props} ref={field.ref} onBlur={field.onBlur}>
                        <SelectValue placeholder="Choose a category" />
                      </SelectTrigger>
                      <SelectContent>
                        {CATEGORY_OPTIONS.map((option) => (
                          <SelectItem key={option.value} value={option.value}>
                            {option.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </Field>
            <Field label="Venue" required hint="Add venues in the Venues tab." error={errors.venueId?.message}>
              {(props) => (
                <Controller
                  control={form.control}
                  name="venueId"
                  render={({ field }) => (
                    <VenueSelect
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      current={editing?.venue ?? (mode.kind === "duplicate" ? mode.event.venue : undefined)}
                      controlProps={props}
                    />
                  )}
                />
              )}
            </Field>
            <Field label="Date" required hint="London date." error={errors.date?.message}>
              {(props) => <Input type="date" {...props} {...form.register("date")} />}
            </Field>
            <Field label="Start time" required hint="London time." error={errors.time?.message}>
              {(props) => <Input type="time" step={60} {...props} {...form.register("time")} />}
            </Field>
            <Field label="Duration (minutes)" required error={errors.duration?.message}>
              {(props) => <Input type="number" inputMode="numeric" min={1} max={1440} {...props} {...form.register("duration")} />}
            </Field>
            <Field
              label="Capacity"
              required
              hint={minCapacity > 0 ? `At least ${minCapacity}: places already taken.` : "Places available."}
              error={errors.maxParticipants?.message}
            >
              {(props) => (
                <Input type="number" inputMode="numeric" min={Math.max(1, minCapacity)} {...props} {...form.register("maxParticipants")} />
              )}
            </Field>
            <Field label="Price (£)" required hint="0.00 for a free session." error={errors.price?.message}>
              {(props) => <Input inputMode="decimal" {...props} {...form.register("price")} />}
            </Field>
            <Field label="Leader" error={errors.leaderId?.message}>
              {(props) => (
                <Controller
                  control={form.control}
                  name="leaderId"
                  render={({ field }) => (
                    <LeaderSelect
                      value={field.value}
                      onChange={field.onChange}
                      currentName={editing?.leaderName ?? null}
                      controlProps={props}
                    />
                  )}
                />
              )}
            </Field>
          </div>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <Switch id="event-active" checked={field.value} onCheckedChange={field.onChange} aria-describedby="event-active-hint" />
                <Label htmlFor="event-active">Active</Label>
                <span id="event-active-hint" className="text-sm text-muted-foreground">
                  {editing?.isActive
                    ? "Turning this off cancels the session's bookings."
                    : "Shown on the site and open for booking."}
                </span>
              </div>
            )}
          />
          <FieldSet legend="Free places">
            <div className="grid gap-4 sm:grid-cols-2">
              <Choice
                type="checkbox"
                className="self-start"
                label="Companion places"
                description="Members may bring a carer, assistant or interpreter free, on a second place."
                {...form.register("companionAllowed")}
              />
              <Field
                label="Solidarity places"
                hint="Free places funded by Supporters, on paid sessions only."
                error={errors.solidarityPlaces?.message}
              >
                {(props) => <Input type="number" inputMode="numeric" min={0} className="sm:w-32" {...props} {...form.register("solidarityPlaces")} />}
              </Field>
            </div>
          </FieldSet>
          {editing?.seriesId && (
            <FieldSet legend="Apply changes to">
              <div className="grid gap-2 sm:grid-cols-2">
                <Choice type="radio" value="this" label="This session" {...form.register("scope")} />
                <Choice
                  type="radio"
                  value="following"
                  label="This and following sessions"
                  description="Later sessions of the series move by the same time."
                  {...form.register("scope")}
                />
              </div>
            </FieldSet>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : mode.kind === "edit" ? "Save changes" : "Create event"}
            </Button>
          </DialogFooter>
        </form>

        <AlertDialog open={confirmDeactivate !== null} onOpenChange={(open) => !open && !busy && setConfirmDeactivate(null)}>
          <AlertDialogContent>
            <AlertDialogTitle>Deactivate this session?</AlertDialogTitle>
            <AlertDialogDescription>
              {confirmDeactivate?.scope === "following"
                ? "This session and every later session of the series will be cancelled. "
                : "The session will be cancelled. "}
              Every booking is cancelled, card payments are refunded, the waitlist is closed and everyone booked is
              told by notification and email.
            </AlertDialogDescription>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialogCancel asChild>
                <Button variant="outline" disabled={busy}>
                  Keep it active
                </Button>
              </AlertDialogCancel>
              <Button
                variant="destructive"
                disabled={busy}
                onClick={() => editing && confirmDeactivate && sendUpdate(editing, confirmDeactivate.patch, confirmDeactivate.scope)}
              >
                {busy ? "Deactivating..." : "Deactivate and tell everyone"}
              </Button>
            </div>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}
