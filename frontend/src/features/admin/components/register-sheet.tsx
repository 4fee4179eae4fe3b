import { AlertTriangle, ArrowLeft, Banknote, Check, ClipboardList, Phone, Printer, UserX } from "lucide-react";
import { useState } from "react";
import { Link } from "@/lib/router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatLongDate, formatTimeRange } from "@/lib/format";
import { isForbidden } from "../api/access";
import { useRegister } from "../api/get-register";
import { owesCash, type Attendance, type Attendee } from "../api/register-schema";
import { companionLine } from "@/lib/companion";
import { matchesSearch, paymentText } from "../lib/register";
import { useUpdateAttendee, type AttendeePatch } from "../api/update-attendee";
import { formatMoney } from "../lib/format";
import { accessNeedLabels } from "@/lib/access-needs";
import { TRY_AGAIN } from "../lib/messages";
import { AccessDenied } from "./access-screens";
import { LoadError } from "./list-states";
import { SearchBox } from "./search-box";
import "./register-print.css";

/** What the person shared about access for this session: the needs ticked and their words. */
function accessText(attendee: Attendee): string {
  return [...accessNeedLabels(attendee.accessNeeds ?? []), attendee.accessibilityRequirements ?? ""].filter(Boolean).join(". ");
}

function AccessLine({ attendee }: { attendee: Attendee }) {
  const needs = accessNeedLabels(attendee.accessNeeds ?? []);
  if (needs.length === 0 && !attendee.accessibilityRequirements) return null;
  return (
    <div className="mt-2 rounded-lg bg-accent-soft px-3 py-2 text-sm text-accent-soft-foreground">
      <p className="font-semibold">Access needs</p>
      {needs.length > 0 && (
        <ul className="mt-1 list-disc ps-5">
          {needs.map((need) => (
            <li key={need}>{need}</li>
          ))}
        </ul>
      )}
      {attendee.accessibilityRequirements && <p className="mt-1 whitespace-pre-line">{attendee.accessibilityRequirements}</p>}
    </div>
  );
}

const ATTENDANCE_WORDS: Record<Attendance, string> = { attended: "attended", no_show: "a no-show" };

function AttendeeCard({
  attendee,
  onChange,
}: {
  attendee: Attendee;
  onChange: (attendee: Attendee, patch: AttendeePatch, said: string) => void;
}) {
  const toggle = (mark: Attendance) => {
    const next = attendee.attendance === mark ? null : mark;
    onChange(attendee, { attendance: next }, next ? `${attendee.name} marked ${ATTENDANCE_WORDS[next]}` : `${attendee.name} unmarked`);
  };
  return (
    <Card className={cn("p-4", attendee.attendance === "attended" && "border-accent", attendee.attendance === "no_show" && "border-destructive/60")}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="text-lg font-bold">
          {attendee.name}
          {attendee.pronouns && <span className="ml-2 text-sm font-normal text-muted-foreground">({attendee.pronouns})</span>}
        </h2>
        <span className="font-mono text-sm font-semibold">{attendee.reference}</span>
      </div>
      {attendee.companion && <p className="mt-1 text-sm font-semibold">{companionLine(attendee)}</p>}
      <p className="mt-1 text-sm">
        <span className="sr-only">Payment: </span>
        {paymentText(attendee)}
      </p>
      <AccessLine attendee={attendee} />
      <p className="mt-2 text-sm">
        <span className="font-semibold">Emergency contact: </span>
        {attendee.emergencyContactName ?? "Not given"}
        {attendee.emergencyContactPhone && (
          <>
            {" "}
            <a
              href={`tel:${attendee.emergencyContactPhone.replace(/[^\d+]/g, "")}`}
              className="inline-flex min-h-11 items-center gap-1 rounded font-semibold text-primary underline underline-offset-4"
            >
              <Phone className="size-4" aria-hidden="true" />
              {attendee.emergencyContactPhone}
              <span className="sr-only"> (call {attendee.emergencyContactName ?? "emergency contact"})</span>
            </a>
          </>
        )}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2" role="group" aria-label={`Register ${attendee.name}`}>
        <Button
          size="lg"
          variant={attendee.attendance === "attended" ? "accent" : "outline"}
          aria-pressed={attendee.attendance === "attended"}
          onClick={() => toggle("attended")}
        >
          <Check aria-hidden="true" /> Attended
        </Button>
        <Button
          size="lg"
          variant={attendee.attendance === "no_show" ? "destructive" : "outline"}
          aria-pressed={attendee.attendance === "no_show"}
          onClick={() => toggle("no_show")}
        >
          <UserX aria-hidden="true" /> No-show
        </Button>
        {owesCash(attendee) && (
          <Button
            size="lg"
            variant="secondary"
            className="col-span-2"
            onClick={() => onChange(attendee, { paymentStatus: "paid" }, `${attendee.name}: ${formatMoney(attendee.amount)} cash taken`)}
          >
            <Banknote aria-hidden="true" /> Cash paid ({formatMoney(attendee.amount)})
          </Button>
        )}
      </div>
    </Card>
  );
}

function PrintTable({ attendees }: { attendees: Attendee[] }) {
  return (
    <table className="register-print-table hidden print:table">
      <caption className="sr-only">Register</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Reference</th>
          <th scope="col">Payment</th>
          <th scope="col">Accessibility</th>
          <th scope="col">Emergency contact</th>
          <th scope="col">Attended</th>
        </tr>
      </thead>
      <tbody>
        {attendees.map((attendee) => (
          <tr key={attendee.bookingId}>
            <td>
              {attendee.name}
              {attendee.pronouns && ` (${attendee.pronouns})`}
              {attendee.companion && (
                <>
                  <br />
                  {companionLine(attendee)}
                </>
              )}
            </td>
            <td>{attendee.reference}</td>
            <td>{paymentText(attendee)}</td>
            <td>{accessText(attendee)}</td>
            <td>
              {attendee.emergencyContactName ?? ""} {attendee.emergencyContactPhone ?? ""}
            </td>
            <td>{attendee.attendance === "attended" ? "Yes" : attendee.attendance === "no_show" ? "No-show" : "☐"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RegisterSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading the register…</span>
      <Skeleton className="h-10 w-2/3 rounded-lg" />
      {[1, 2, 3].map((key) => (
        <Skeleton key={key} className="h-40 rounded-2xl" />
      ))}
    </div>
  );
}

/** One session's register for its leader at the venue: a phone first, a printout second. */
export function RegisterSheet({ eventId }: { eventId: string }) {
  const register = useRegister(eventId);
  const update = useUpdateAttendee(eventId);
  const [search, setSearch] = useState("");
  const [announcement, setAnnouncement] = useState("");

  if (register.isPending) {
    return (
      <div className="register-sheet mx-auto max-w-3xl px-4 py-6">
        <RegisterSkeleton />
      </div>
    );
  }
  if (register.isError) {
    if (isForbidden(register.error)) return <AccessDenied />;
    return (
      <div className="register-sheet mx-auto max-w-3xl px-4 py-6">
        {register.error instanceof ApiError && register.error.status === 404 ? (
          <EmptyState icon={ClipboardList} title="Register not found" headingLevel="h1">
            This session does not exist or has been removed.
          </EmptyState>
        ) : (
          <LoadError title="Could not load the register" error={register.error} onRetry={() => void register.refetch()} />
        )}
      </div>
    );
  }

  const { event, attendees } = register.data;
  const shown = attendees.filter((attendee) => matchesSearch(attendee, search));
  const attended = attendees.filter((attendee) => attendee.attendance === "attended").length;
  const noShow = attendees.filter((attendee) => attendee.attendance === "no_show").length;
  const companions = attendees.filter((attendee) => attendee.companion).length;

  const change = (attendee: Attendee, patch: AttendeePatch, said: string) => {
    setAnnouncement(said);
    update.mutate(
      { bookingId: attendee.bookingId, patch },
      {
        onError: (error) => {
          setAnnouncement(`Not saved: ${attendee.name}`);
          toast.error(`Not saved: ${attendee.name}`, { description: errorMessage(error, TRY_AGAIN) });
        },
      },
    );
  };

  return (
    <div className="register-sheet mx-auto max-w-3xl px-4 py-6">
      <Link
        to="/admin?tab=registers"
        className="inline-flex min-h-11 items-center gap-2 rounded text-sm font-semibold text-primary print:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Registers
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Register: {event.title}</h1>
          <p className="mt-1 text-muted-foreground print:text-black">
            {formatLongDate(event.date)}, {formatTimeRange(event.date, event.duration)} · {event.location}
          </p>
          {!event.isActive && (
            <p className="mt-2 flex items-center gap-2 font-semibold text-destructive">
              <AlertTriangle className="size-4" aria-hidden="true" /> This session has been cancelled.
            </p>
          )}
        </div>
        <Button variant="outline" size="lg" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print
        </Button>
      </div>

      <dl className="mt-4 grid grid-cols-3 gap-2 text-center" aria-label="Counts">
        {[
          ["Booked", attendees.length],
          ["Attended", attended],
          ["No-show", noShow],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border bg-card p-3">
            <dt className="text-xs font-semibold text-muted-foreground uppercase">{label}</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {companions > 0 && (
        <p className="mt-2 text-sm text-muted-foreground print:text-black">
          {companions === 1 ? "1 companion comes too" : `${companions} companions come too`}, on free places: {attendees.length + companions}{" "}
          people in all.
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement ? `${announcement}. ${attended} attended, ${noShow} no-show of ${attendees.length}.` : ""}
      </p>

      {attendees.length === 0 ? (
        <div className="mt-6">
          <EmptyState icon={ClipboardList} title="Nobody booked yet" />
        </div>
      ) : (
        <>
          <div className="mt-6 print:hidden">
            <SearchBox label="Search by name or reference" value={search} onChange={setSearch} />
          </div>
          <ul className="mt-4 space-y-3 print:hidden" aria-label="Attendees">
            {shown.map((attendee) => (
              <li key={attendee.bookingId}>
                <AttendeeCard attendee={attendee} onChange={change} />
              </li>
            ))}
          </ul>
          {shown.length === 0 && (
            <p className="mt-4 text-muted-foreground print:hidden" role="status">
              Nobody matches "{search.trim()}".
            </p>
          )}
          <PrintTable attendees={attendees} />
        </>
      )}
    </div>
  );
}
