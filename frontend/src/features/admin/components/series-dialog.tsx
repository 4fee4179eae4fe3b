import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarRange, X } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch, type Control } from "react-hook-form";
import { toast } from "@/lib/toast";
import { z } from "zod/mini";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field, FieldError, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { addDays, isDayKey, londonDayKey, type DayKey } from "@/lib/day";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useCreateEventSeries } from "../api/create-event-series";
import { NEW_EVENT_DEFAULTS } from "../api/event-fields";
import {
  CATEGORY_OPTIONS,
  EVENT_MESSAGES,
  NO_LEADER,
  normalisePrice,
  sessionFieldShape,
} from "../lib/event-form";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";
import { describeSeries, formatDayShort, isSeriesDay, MAX_SERIES_SESSIONS, seriesDates, weekdayName } from "../lib/series-dates";
import { LeaderSelect } from "./leader-select";
import { VenueSelect } from "./venue-select";

const seriesSchema = z.object({
  ...sessionFieldShape,
  firstDate: z.string().check(z.refine(isDayKey, "Please enter the first date")),
  until: z.string().check(z.refine(isDayKey, "Please enter the last date")),
  intervalWeeks: z.string(),
  maxParticipants: z.string().check(z.refine((value) => /^\d+$/.test(value) && Number(value) >= 1, EVENT_MESSAGES.capacity)),
});

type SeriesValues = z.output<typeof seriesSchema>;

function blankSeries(): SeriesValues {
  const firstDate = londonDayKey(new Date(Date.now() + 7 * 86_400_000));
  return {
    title: "",
    description: "",
    category: "",
    venueId: "",
    firstDate,
    until: addDays(firstDate, 12 * 7),
    time: "18:30",
    intervalWeeks: "1",
    duration: String(NEW_EVENT_DEFAULTS.duration),
    maxParticipants: String(NEW_EVENT_DEFAULTS.maxParticipants),
    price: NEW_EVENT_DEFAULTS.price,
    leaderId: NO_LEADER,
  };
}

const SERVER_FIELDS = new Set(Object.keys(blankSeries()));

/** The dates the series will create, live as the form changes (London calendar days). */
function SeriesPreviewBox({ control, skipDates }: { control: Control<SeriesValues>; skipDates: DayKey[] }) {
  const [firstDate, until, intervalWeeks, time] = useWatch({ control, name: ["firstDate", "until", "intervalWeeks", "time"] });
  const ready = isDayKey(firstDate) && isDayKey(until);
  const plan = { firstDate, until, intervalWeeks: intervalWeeks === "2" ? (2 as const) : (1 as const), skipDates };
  const preview = ready ? seriesDates(plan) : null;
  return (
    <div className="rounded-xl border bg-muted/50 p-4">
      <p className="font-semibold" role="status">
        {!preview
          ? "Enter the first and last dates to see the sessions."
          : preview.dates.length === 0
            ? "No sessions: the last date is before the first."
            : preview.tooMany
              ? `More than ${MAX_SERIES_SESSIONS} sessions: choose an earlier last date.`
              : describeSeries(plan, time, preview.dates.length)}
      </p>
      {preview && preview.dates.length > 0 && !preview.tooMany && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-muted-foreground">Show the dates</summary>
          <ol className="mt-2 grid max-h-40 grid-cols-2 gap-x-4 overflow-y-auto sm:grid-cols-3">
            {preview.dates.map((day) => (
              <li key={day}>{formatDayShort(day)}</li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

/** "Create series": weekly or fortnightly sessions at one London time, with dates to skip. */
export function SeriesDialog() {
  const [open, setOpen] = useState(false);
  const [skipDates, setSkipDates] = useState<DayKey[]>([]);
  const [skipDraft, setSkipDraft] = useState("");
  const [skipError, setSkipError] = useState<string | null>(null);
  const [countError, setCountError] = useState<string | null>(null);
  const skipId = useId();
  const create = useCreateEventSeries();
  const form = useForm<SeriesValues>({ resolver: zodResolver(seriesSchema), defaultValues: blankSeries() });
  const { errors } = form.formState;

  const reset = () => {
    form.reset(blankSeries());
    setSkipDates([]);
    setSkipDraft("");
    setSkipError(null);
    setCountError(null);
  };

  const addSkip = () => {
    const { firstDate, until, intervalWeeks } = form.getValues();
    const plan = { firstDate, until, intervalWeeks: intervalWeeks === "2" ? (2 as const) : (1 as const) };
    if (!isDayKey(skipDraft)) return setSkipError("Please enter a date to skip");
    if (!isSeriesDay(plan, skipDraft)) {
      return setSkipError(`${formatDayShort(skipDraft)} is not one of the series' ${weekdayName(firstDate)}s`);
    }
    setSkipError(null);
    setSkipDates((days) => (days.includes(skipDraft) ? days : [...days, skipDraft].sort()));
    setSkipDraft("");
  };

  const onValid = (values: SeriesValues) => {
    const intervalWeeks = values.intervalWeeks === "2" ? 2 : 1;
    const preview = seriesDates({ firstDate: values.firstDate, until: values.until, intervalWeeks, skipDates });
    if (preview.dates.length === 0 || preview.tooMany) {
      setCountError(
        preview.tooMany ? `A series can have at most ${MAX_SERIES_SESSIONS} sessions` : "The series has no sessions",
      );
      form.setFocus("until");
      return;
    }
    setCountError(null);
    create.mutate(
      {
        title: values.title,
        description: values.description,
        category: values.category,
        venueId: values.venueId,
        firstDate: values.firstDate,
        time: values.time,
        intervalWeeks,
        until: values.until,
        skipDates: skipDates.filter((day) => isSeriesDay({ ...values, intervalWeeks }, day)),
        duration: Number(values.duration),
        maxParticipants: Number(values.maxParticipants),
        price: normalisePrice(values.price),
        leaderId: values.leaderId === NO_LEADER ? null : values.leaderId,
      },
      {
        onSuccess: ({ events }) => {
          toast.success(ADMIN_TOASTS.eventCreated, {
            description: `${values.title}: ${events.length} ${events.length === 1 ? "session" : "sessions"} created`,
          });
          reset();
          setOpen(false);
        },
        onError: (error) => {
          applyServerFieldErrors(form, error, (name) => SERVER_FIELDS.has(name));
          toast.error(ADMIN_TOASTS.creationFailed, { description: errorMessage(error, TRY_AGAIN) });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarRange aria-hidden="true" /> Create series
        </Button>
      </DialogTrigger>
      <DialogContent wide>
        <DialogTitle>Create series</DialogTitle>
        <DialogDescription>
          Sessions on the first date's weekday, every week or every 2 weeks, at one London time.
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
                    <VenueSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} controlProps={props} />
                  )}
                />
              )}
            </Field>
            <Field label="First date" required hint="Its weekday is the series' weekday." error={errors.firstDate?.message}>
              {(props) => <Input type="date" {...props} {...form.register("firstDate")} />}
            </Field>
            <Field label="Start time" required hint="London time." error={errors.time?.message}>
              {(props) => <Input type="time" step={60} {...props} {...form.register("time")} />}
            </Field>
          </div>
          <FieldSet legend="Repeat">
            <div className="grid gap-2 sm:grid-cols-2">
              <Choice type="radio" value="1" label="Every week" {...form.register("intervalWeeks")} />
              <Choice type="radio" value="2" label="Every 2 weeks" {...form.register("intervalWeeks")} />
            </div>
          </FieldSet>
          <Field label="Until" required hint="The last possible date (included)." error={errors.until?.message ?? countError ?? undefined}>
            {(props) => <Input type="date" {...props} {...form.register("until")} />}
          </Field>

          <div className="space-y-2">
            <Label htmlFor={skipId}>Skip dates</Label>
            <div className="flex gap-2">
              <Input
                id={skipId}
                type="date"
                value={skipDraft}
                aria-invalid={skipError !== null}
                aria-describedby={skipError ? `${skipId}-error` : undefined}
                onChange={(event) => setSkipDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    addSkip();
                  }
                }}
              />
              <Button type="button" variant="outline" onClick={addSkip}>
                Add
              </Button>
            </div>
            {skipError && <FieldError id={`${skipId}-error`}>{skipError}</FieldError>}
            {skipDates.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Dates skipped">
                {skipDates.map((day) => (
                  <li key={day} className="flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-0.5 pl-3 text-sm">
                    {formatDayShort(day)}
                    <button
                      type="button"
                      className="flex size-8 items-center justify-center rounded-full hover:bg-muted"
                      aria-label={`Remove ${formatDayShort(day)}`}
                      onClick={() => setSkipDates((days) => days.filter((d) => d !== day))}
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <SeriesPreviewBox control={form.control} skipDates={skipDates} />

          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Duration (minutes)" required error={errors.duration?.message}>
              {(props) => <Input type="number" inputMode="numeric" min={1} max={1440} {...props} {...form.register("duration")} />}
            </Field>
            <Field label="Capacity" required error={errors.maxParticipants?.message}>
              {(props) => <Input type="number" inputMode="numeric" min={1} {...props} {...form.register("maxParticipants")} />}
            </Field>
            <Field label="Price (£)" required hint="0.00 for free sessions." error={errors.price?.message}>
              {(props) => <Input inputMode="decimal" {...props} {...form.register("price")} />}
            </Field>
            <Field label="Leader" error={errors.leaderId?.message}>
              {(props) => (
                <Controller
                  control={form.control}
                  name="leaderId"
                  render={({ field }) => <LeaderSelect value={field.value} onChange={field.onChange} controlProps={props} />}
                />
              )}
            </Field>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={create.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create series"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
