import { useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import { Button } from "@/components/ui/button";
import { CheckboxField, Choice } from "@/components/ui/choice";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ACCESS_FACTS, ACCESS_KEYS, FACT_VALUE_WORDS, FACT_VALUES, type AccessKey, type FactValue } from "@/lib/access-facts";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useCreateVenue, useUpdateVenue, type AdminVenue, type VenueFields } from "../api/venues";
import { TRY_AGAIN } from "../lib/messages";

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** The server's words for the fields it needs (crates/domain/src/venue.rs). */
const venueFormSchema = z.object({
  name: required("Venue name is required"),
  address: required("Address is required"),
  postcode: required("Postcode is required"),
  borough: required("Borough is required"),
  mapUrl: z.string(),
  nearestStepFreeStation: z.string(),
  transportNotes: z.string(),
  access: z.record(z.enum(ACCESS_KEYS), z.enum(FACT_VALUES)),
  accessChecked: z.boolean(),
});

type VenueFormValues = z.output<typeof venueFormSchema>;

function values(venue: AdminVenue | null): VenueFormValues {
  const access = Object.fromEntries(ACCESS_KEYS.map((key) => [key, venue?.access[key] ?? "unknown"])) as Record<
    AccessKey,
    FactValue
  >;
  return {
    name: venue?.name ?? "",
    address: venue?.address ?? "",
    postcode: venue?.postcode ?? "",
    borough: venue?.borough ?? "",
    mapUrl: venue?.mapUrl ?? "",
    nearestStepFreeStation: venue?.nearestStepFreeStation ?? "",
    transportNotes: venue?.transportNotes ?? "",
    access,
    accessChecked: false,
  };
}

/** Only what changed: a PATCH leaves the rest as it is. */
function changes(before: VenueFormValues, after: VenueFormValues): Partial<VenueFields> {
  const patch: Partial<VenueFields> = {};
  const text = ["name", "address", "postcode", "borough", "mapUrl", "nearestStepFreeStation", "transportNotes"] as const;
  for (const name of text) if (after[name].trim() !== before[name].trim()) patch[name] = after[name];
  if (ACCESS_KEYS.some((key) => after.access[key] !== before.access[key])) patch.access = after.access;
  if (after.accessChecked) patch.accessChecked = true;
  return patch;
}

const isServerField = (name: string) =>
  ["name", "address", "postcode", "borough", "mapUrl", "nearestStepFreeStation", "transportNotes"].includes(name) ||
  name.startsWith("access.");

/** Create or edit a venue: its address, how to get there, and its access facts. */
export function VenueFormDialog({ venue, onClose }: { venue: AdminVenue | null; onClose: () => void }) {
  // The facts' words come from the catalogues (the admin area itself stays English).
  const { t } = useLingui();
  const initial = values(venue);
  const form = useForm<VenueFormValues>({ resolver: zodResolver(venueFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const create = useCreateVenue();
  const update = useUpdateVenue();
  const busy = create.isPending || update.isPending;

  const fail = (title: string) => (error: unknown) => {
    applyServerFieldErrors(form, error, isServerField);
    toast.error(title, { description: errorMessage(error, TRY_AGAIN) });
  };

  const onValid = (next: VenueFormValues) => {
    if (!venue) {
      create.mutate(next, {
        onSuccess: (saved) => {
          toast.success("Venue added", { description: saved.name });
          onClose();
        },
        onError: fail("The venue could not be added"),
      });
      return;
    }
    const patch = changes(initial, next);
    if (Object.keys(patch).length === 0) {
      toast.info("No changes to save");
      onClose();
      return;
    }
    update.mutate(
      { id: venue.id, patch },
      {
        onSuccess: (saved) => {
          toast.success("Venue saved", { description: saved.name });
          onClose();
        },
        onError: fail("The venue could not be saved"),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent wide>
        <DialogTitle>{venue ? `Edit ${venue.name}` : "Add a venue"}</DialogTitle>
        <DialogDescription>
          Members decide from these details whether they can come at all. A “yes” is a promise to them: answer
          “not checked yet” unless you know.
        </DialogDescription>
        <form noValidate className="mt-5 space-y-5" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" required error={errors.name?.message}>
              {(props) => <Input {...props} {...form.register("name")} />}
            </Field>
            <Field label="Borough" required hint="Shown after the name, e.g. Hackney." error={errors.borough?.message}>
              {(props) => <Input {...props} {...form.register("borough")} />}
            </Field>
            <Field label="Address" required error={errors.address?.message}>
              {(props) => <Input autoComplete="off" {...props} {...form.register("address")} />}
            </Field>
            <Field label="Postcode" required error={errors.postcode?.message}>
              {(props) => <Input autoComplete="off" {...props} {...form.register("postcode")} />}
            </Field>
            <Field label="Map link" optional hint="A full link starting with https://" error={errors.mapUrl?.message}>
              {(props) => <Input type="url" inputMode="url" {...props} {...form.register("mapUrl")} />}
            </Field>
            <Field
              label="Nearest step-free station"
              optional
              hint="With its line and the walk, e.g. Hackney Wick (Overground), 15 minutes."
              error={errors.nearestStepFreeStation?.message}
            >
              {(props) => <Input {...props} {...form.register("nearestStepFreeStation")} />}
            </Field>
          </div>
          <Field
            label="Getting there"
            optional
            hint="Buses nearby, the entrance to use, anything a first-time visitor should know."
            error={errors.transportNotes?.message}
          >
            {(props) => <Textarea rows={3} {...props} {...form.register("transportNotes")} />}
          </Field>
          <div className="space-y-3">
            <h3 className="font-bold">Access facts</h3>
            {ACCESS_FACTS.map((fact) => (
              <FieldSet
                key={fact.key}
                legend={t(fact.label)}
                hint={`Yes means: ${t(fact.definition)}`}
                error={errors.access?.[fact.key]?.message}
              >
                <div className="grid grid-cols-3 gap-2">
                  {FACT_VALUES.map((value) => (
                    <Choice
                      key={value}
                      type="radio"
                      value={value}
                      label={t(FACT_VALUE_WORDS[value])}
                      {...form.register(`access.${fact.key}`)}
                    />
                  ))}
                </div>
              </FieldSet>
            ))}
          </div>
          <CheckboxField
            label="I checked these facts today"
            description={
              venue?.accessCheckedAt
                ? "On site or with the venue. Members see the month of the last check."
                : "On site or with the venue. Until someone does, members are told they are not checked yet."
            }
            {...form.register("accessChecked")}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : venue ? "Save venue" : "Add venue"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
