import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, CalendarDays, Dumbbell, Save, Shield } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch, type FieldErrors } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { SPORTS } from "@/lib/sports";
import {
  CALENDAR_FORMATS,
  DAYS,
  FREQUENCIES,
  MAX_DISTANCE,
  MAX_LOCATION_CHARS,
  MAX_LOCATIONS,
  preferencesSchema,
  REMINDER_OFFSET,
  REMINDER_TIMINGS,
  SKILL_LEVELS,
  TIMES,
  VISIBILITIES,
  type Preferences,
} from "../api/preferences-schema";
import { useSavePreferences } from "../api/update-preferences";
import { options, type Option } from "../lib/options";
import { CheckboxGroup, RadioGroup, SwitchRow, TagList } from "./controls";

const TABS = [
  { value: "sports", label: "Sports", icon: Dumbbell },
  { value: "notifications", label: "Notifications", icon: Bell },
  { value: "calendar", label: "Calendar", icon: CalendarDays },
  { value: "privacy", label: "Privacy", icon: Shield },
] as const;
type Tab = (typeof TABS)[number]["value"];

/** Which tab shows a field, from the first part of its path ("availability.maxDistance"). */
function tabOf(path: string): Tab {
  const section = path.split(".")[0];
  if (section === "notifications" || section === "calendar" || section === "privacy") return section;
  return "sports";
}

/** Every leaf path of the preferences, for matching the server's dotted field errors. */
function leafPaths(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === "object" && child !== null && !Array.isArray(child)
      ? leafPaths(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function firstErrorPath(errors: FieldErrors, prefix = ""): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") continue;
    if ("message" in value && typeof value.message === "string") return `${prefix}${key}`;
    const nested = firstErrorPath(value as FieldErrors, `${prefix}${key}.`);
    if (nested) return nested;
  }
  return undefined;
}

const METHOD_OPTIONS: Option[] = [
  { value: "email", label: "Email", description: "Booking confirmations and reminders by email" },
  { value: "browser", label: "Browser notifications", description: "Alerts on this site while you use it" },
  { value: "sms", label: "SMS", description: "Text messages to your phone", disabled: true, badge: "Coming soon" },
];
const FREQUENCY_OPTIONS: Option<(typeof FREQUENCIES)[number]>[] = [
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "bi-weekly", label: "Every two weeks" },
];
const FORMAT_OPTIONS: Option<(typeof CALENDAR_FORMATS)[number]>[] = [
  { value: "ics", label: "Calendar file (.ics)", description: "Apple Calendar and most calendar apps" },
  { value: "google", label: "Google Calendar" },
  { value: "outlook", label: "Outlook" },
];
// Plain words for what each choice shows and to whom (ADR 0023): on a session's page, names
// are only ever shown to signed-in members; visitors see how many are going.
const VISIBILITY_OPTIONS: Option<(typeof VISIBILITIES)[number]>[] = [
  {
    value: "public",
    label: "Public",
    description: "Anyone can see your profile. On a session's page only signed-in members see your name; visitors see just how many are going.",
  },
  {
    value: "members",
    label: "Members only",
    description: "Only signed-in members can see your profile, and your name on the sessions you're going to.",
  },
  { value: "private", label: "Private", description: "Only you. Your name is never shown on a session's page: you're counted, never named." },
];

function SectionTitle({ children }: { children: string }) {
  return <h2 className="text-lg font-bold">{children}</h2>;
}

/** The four tabs and Save Preferences. `initial` is what is saved now. */
export function PreferencesForm({ initial }: { initial: Preferences }) {
  const [tab, setTab] = useState<Tab>("sports");
  const save = useSavePreferences();
  const form = useForm<Preferences>({ resolver: zodResolver(preferencesSchema), values: initial });
  const { control, formState, register } = form;
  const errors = formState.errors;
  const paths = new Set(leafPaths(initial));

  const onValid = (values: Preferences) =>
    save.mutate(values, {
      onSuccess: (saved) => form.reset(saved),
      onError: (error) => {
        const [first] = applyServerFieldErrors(form, error, (name) => paths.has(name));
        if (first) setTab(tabOf(first));
      },
    });

  const onInvalid = (invalid: FieldErrors<Preferences>) => {
    const first = firstErrorPath(invalid);
    if (first) setTab(tabOf(first));
  };

  const remindersOn = useWatch({ control, name: "notifications.eventReminders.enabled" });
  const recommendationsOn = useWatch({ control, name: "notifications.recommendations.enabled" });
  const maxDistance = useWatch({ control, name: "availability.maxDistance" });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Preference categories">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" className="max-sm:hidden" /> {label}
            </TabsTrigger>
          ))}
        </TabsList>

        {/* Kept mounted (and hidden) so every tab's values and errors stay with the form. */}
        <TabsContent value="sports" forceMount className="data-[state=inactive]:hidden">
          <Card className="space-y-8 p-5 sm:p-8">
            <div className="space-y-6">
              <SectionTitle>Your Sports</SectionTitle>
              <Controller
                control={control}
                name="sports.favorites"
                render={({ field, fieldState }) => (
                  <FieldSet legend="Favourite sports" hint="We'll suggest these sessions first." error={fieldState.error?.message}>
                    <CheckboxGroup options={options(SPORTS)} value={field.value} onChange={field.onChange} className="grid-cols-2 sm:grid-cols-4" />
                  </FieldSet>
                )}
              />
              <Controller
                control={control}
                name="sports.interests"
                render={({ field, fieldState }) => (
                  <FieldSet legend="Sports you'd like to try" hint="New to something? Beginners are always welcome." error={fieldState.error?.message}>
                    <CheckboxGroup options={options(SPORTS)} value={field.value} onChange={field.onChange} className="grid-cols-2 sm:grid-cols-4" />
                  </FieldSet>
                )}
              />
              <Controller
                control={control}
                name="sports.skillLevel"
                render={({ field, fieldState }) => (
                  <FieldSet legend="Skill level" error={fieldState.error?.message}>
                    <RadioGroup name={field.name} options={options(SKILL_LEVELS)} value={field.value} onChange={field.onChange} className="sm:grid-cols-3" />
                  </FieldSet>
                )}
              />
            </div>
            <div className="space-y-6 border-t pt-8">
              <SectionTitle>Availability</SectionTitle>
              <Controller
                control={control}
                name="availability.days"
                render={({ field, fieldState }) => (
                  <FieldSet legend="Days" error={fieldState.error?.message}>
                    <CheckboxGroup options={options(DAYS)} value={field.value} onChange={field.onChange} className="sm:grid-cols-3" />
                  </FieldSet>
                )}
              />
              <Controller
                control={control}
                name="availability.times"
                render={({ field, fieldState }) => (
                  <FieldSet legend="Times of day" error={fieldState.error?.message}>
                    <CheckboxGroup options={options(TIMES)} value={field.value} onChange={field.onChange} className="grid-cols-2 sm:grid-cols-4" />
                  </FieldSet>
                )}
              />
              <Field
                label="Maximum travel distance"
                hint={`${maxDistance} ${maxDistance === 1 ? "mile" : "miles"} from home (${MAX_DISTANCE.min} to ${MAX_DISTANCE.max})`}
                error={errors.availability?.maxDistance?.message}
              >
                {(props) => (
                  <input
                    type="range"
                    min={MAX_DISTANCE.min}
                    max={MAX_DISTANCE.max}
                    step={1}
                    aria-valuetext={`${maxDistance} miles`}
                    className="block h-10 w-full accent-primary"
                    {...props}
                    {...register("availability.maxDistance", { valueAsNumber: true })}
                  />
                )}
              </Field>
              <Controller
                control={control}
                name="availability.preferredLocations"
                render={({ field, fieldState }) => (
                  <TagList
                    label="Preferred locations"
                    hint={`Areas or venues you like, such as Hackney or Mile End (up to ${MAX_LOCATIONS}).`}
                    value={field.value}
                    onChange={field.onChange}
                    max={MAX_LOCATIONS}
                    maxChars={MAX_LOCATION_CHARS}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>
          </Card>
        </TabsContent>

        <TabsContent value="notifications" forceMount className="data-[state=inactive]:hidden">
          <Card className="space-y-6 p-5 sm:p-8">
            <SectionTitle>Notifications</SectionTitle>
            <Controller
              control={control}
              name="notifications.methods"
              render={({ field, fieldState }) => (
                <FieldSet legend="How should we contact you?" error={fieldState.error?.message}>
                  <CheckboxGroup
                    options={METHOD_OPTIONS}
                    value={field.value}
                    onChange={(value) => field.onChange(value.filter((method) => method !== "sms"))}
                    className="sm:grid-cols-3"
                  />
                </FieldSet>
              )}
            />
            <Controller
              control={control}
              name="notifications.eventReminders.enabled"
              render={({ field }) => (
                <SwitchRow
                  label="Event reminders"
                  description="A reminder before each session you've booked."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                >
                  <Controller
                    control={control}
                    name="notifications.eventReminders.timing"
                    render={({ field: timing, fieldState }) => (
                      <FieldSet legend="Remind me" error={fieldState.error?.message}>
                        <CheckboxGroup
                          options={REMINDER_TIMINGS.map((value) => ({ value, label: `${value} before` }))}
                          value={timing.value}
                          onChange={timing.onChange}
                          disabled={!remindersOn}
                          className="grid-cols-2 sm:grid-cols-4"
                        />
                      </FieldSet>
                    )}
                  />
                </SwitchRow>
              )}
            />
            <Controller
              control={control}
              name="notifications.recommendations.enabled"
              render={({ field }) => (
                <SwitchRow
                  label="Session recommendations"
                  description="Sessions picked for your sports, level and availability."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                >
                  <Controller
                    control={control}
                    name="notifications.recommendations.frequency"
                    render={({ field: frequency, fieldState }) => (
                      <FieldSet legend="How often" error={fieldState.error?.message}>
                        <RadioGroup
                          name={frequency.name}
                          options={FREQUENCY_OPTIONS}
                          value={frequency.value}
                          onChange={frequency.onChange}
                          disabled={!recommendationsOn}
                          className="sm:grid-cols-3"
                        />
                      </FieldSet>
                    )}
                  />
                </SwitchRow>
              )}
            />
            <Controller
              control={control}
              name="notifications.marketing.enabled"
              render={({ field }) => (
                <SwitchRow
                  label="Offers and partner events"
                  description="Occasional emails about discounts and events run with our partners."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="notifications.marketing.newsletters"
              render={({ field }) => (
                <SwitchRow
                  label="Community newsletter"
                  description="Stories, new sports and what's coming up, about once a month."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </Card>
        </TabsContent>

        <TabsContent value="calendar" forceMount className="data-[state=inactive]:hidden">
          <Card className="space-y-6 p-5 sm:p-8">
            <SectionTitle>Calendar</SectionTitle>
            <Controller
              control={control}
              name="calendar.autoDownload"
              render={({ field }) => (
                <SwitchRow
                  label="Add bookings to my calendar automatically"
                  description="Download a calendar entry as soon as you book a session."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="calendar.preferredFormat"
              render={({ field, fieldState }) => (
                <FieldSet legend="Calendar format" error={fieldState.error?.message}>
                  <RadioGroup name={field.name} options={FORMAT_OPTIONS} value={field.value} onChange={field.onChange} className="sm:grid-cols-3" />
                </FieldSet>
              )}
            />
            <Field
              label="Calendar reminder (minutes before)"
              hint={`From ${REMINDER_OFFSET.min} (at the start time) to ${REMINDER_OFFSET.max} (one week). 60 is an hour before.`}
              error={errors.calendar?.reminderOffset?.message}
            >
              {(props) => (
                <Input
                  type="number"
                  inputMode="numeric"
                  min={REMINDER_OFFSET.min}
                  max={REMINDER_OFFSET.max}
                  step={5}
                  className="max-w-40"
                  {...props}
                  {...register("calendar.reminderOffset", { valueAsNumber: true })}
                />
              )}
            </Field>
          </Card>
        </TabsContent>

        <TabsContent value="privacy" forceMount className="data-[state=inactive]:hidden">
          <Card className="space-y-6 p-5 sm:p-8">
            <SectionTitle>Privacy</SectionTitle>
            <Controller
              control={control}
              name="privacy.profileVisibility"
              render={({ field, fieldState }) => (
                <FieldSet legend="Who can see your profile" error={fieldState.error?.message}>
                  <RadioGroup name={field.name} options={VISIBILITY_OPTIONS} value={field.value} onChange={field.onChange} className="sm:grid-cols-3" />
                </FieldSet>
              )}
            />
            <Controller
              control={control}
              name="privacy.shareAttendance"
              render={({ field }) => (
                <SwitchRow
                  label="Share my attendance"
                  description="On: signed-in members see your chosen name and pronouns under Who's Going on the sessions you book (unless your profile is private). Off: you're counted, never named. Your email and access needs are never shown to anyone there."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="privacy.shareProgress"
              render={({ field }) => (
                <SwitchRow
                  label="Share my progress"
                  description="Show milestones, such as sessions attended, on your profile."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </Card>
        </TabsContent>
      </Tabs>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {formState.isDirty && !save.isPending && (
          <p className="text-sm text-muted-foreground sm:mr-auto">You have unsaved changes.</p>
        )}
        <Button type="submit" size="lg" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? "Saving..." : "Save Preferences"}
        </Button>
      </div>
    </form>
  );
}
