import { Ticket, X } from "lucide-react";
import { useId, useState } from "react";
import { useSearchParams } from "@/lib/router";
import { companionLine } from "@/lib/companion";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type AdminBooking,
} from "../api/admin-booking-schema";
import { useAdminBookings } from "../api/get-admin-bookings";
import { useAdminEvents } from "../api/get-admin-events";
import { useUpdateBooking, type BookingPatch } from "../api/update-booking";
import { formatDateTime, formatMoney } from "../lib/format";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { useKeysetPager } from "../lib/use-keyset-pager";
import { CancelAdminBookingDialog } from "./cancel-admin-booking-dialog";
import { ExportButton } from "./export-button";
import { InlineSelect } from "./inline-edit";
import { EmptyList, ListSkeleton, LoadError } from "./list-states";
import { Pager } from "./pager";
import { SearchBox } from "./search-box";
import { TableRegion, tdClass, thClass } from "./table-region";

const ANY = "any";
const STATUS_OPTIONS = BOOKING_STATUSES.map((value) => ({ value, label: BOOKING_STATUS_LABELS[value] ?? value }));
const PAYMENT_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] ?? value }));
const ATTENDANCE_LABELS: Record<string, string> = { attended: "Attended", no_show: "No-show" };

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  anyLabel: string;
}

function FilterSelect({ label, value, onChange, options, anyLabel }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="min-w-40 flex-1 space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="h-11!">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="min-w-36 space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} className="h-11!" />
    </div>
  );
}

function BookingRow({ booking }: { booking: AdminBooking }) {
  const update = useUpdateBooking();
  const save = (patch: BookingPatch) =>
    update.mutateAsync({ id: booking.id, patch }).then(
      (updated) => toast.success(ADMIN_TOASTS.bookingUpdated, { description: updated.reference }),
      (error: unknown) => {
        toast.error(ADMIN_TOASTS.updateFailed, { description: errorMessage(error, TRY_AGAIN) });
        throw error;
      },
    );
  const item = `booking ${booking.reference}`;
  return (
    <tr>
      <td className={`${tdClass} whitespace-nowrap`}>
        <span className="block font-mono font-semibold">{booking.reference}</span>
        <span className="block text-xs text-muted-foreground">
          Booked <time dateTime={booking.createdAt}>{formatDateTime(booking.createdAt)}</time>
        </span>
      </td>
      <td className={`${tdClass} min-w-52`}>
        <span className="block font-medium">{booking.userName}</span>
        <span className="block text-xs [overflow-wrap:anywhere] text-muted-foreground">{booking.userEmail}</span>
        {booking.companion && <span className="mt-1 block text-xs font-semibold">{companionLine(booking)}</span>}
      </td>
      <td className={`${tdClass} min-w-52`}>
        <span className="block font-medium">{booking.eventTitle}</span>
        <time dateTime={booking.eventDate} className="block text-xs text-muted-foreground">
          {formatDateTime(booking.eventDate)}
        </time>
      </td>
      <td className={tdClass}>
        <InlineSelect value={booking.status} options={STATUS_OPTIONS} label="Status" itemLabel={item} onSave={(status) => save({ status })} />
        {booking.attendance && (
          <span className="mt-1 block text-xs text-muted-foreground">{ATTENDANCE_LABELS[booking.attendance]}</span>
        )}
      </td>
      <td className={tdClass}>
        <InlineSelect
          value={booking.paymentStatus}
          options={PAYMENT_OPTIONS}
          label="Payment status"
          itemLabel={item}
          onSave={(paymentStatus) => save({ paymentStatus })}
        />
        <span className="mt-1 block text-xs whitespace-nowrap text-muted-foreground">
          <span className="capitalize">{booking.paymentMethod}</span> · <span className="tabular-nums">{formatMoney(booking.amount)}</span>
        </span>
      </td>
      <td className={`${tdClass} text-right`}>
        <CancelAdminBookingDialog booking={booking} />
      </td>
    </tr>
  );
}

export function BookingsTab() {
  const [params, setParams] = useSearchParams();
  const eventId = params.get("eventId") ?? "";
  const [status, setStatus] = useState(ANY);
  const [paymentStatus, setPaymentStatus] = useState(ANY);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [referenceDraft, setReferenceDraft] = useState("");
  const reference = useDebouncedValue(referenceDraft.trim());
  const events = useAdminEvents({ when: "upcoming" });
  const filters = {
    eventId: eventId || undefined,
    status: status === ANY ? undefined : status,
    paymentStatus: paymentStatus === ANY ? undefined : paymentStatus,
    from: from || undefined,
    to: to || undefined,
    reference: reference || undefined,
  };
  const pager = useKeysetPager(JSON.stringify(filters));
  const bookings = useAdminBookings({ ...filters, cursor: pager.cursor });
  const list = bookings.data?.bookings ?? [];
  const filtered = Object.values(filters).some(Boolean);

  const setEventId = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== ANY) next.set("eventId", value);
        else next.delete("eventId");
        return next;
      },
      { replace: true },
    );

  const eventOptions = (events.data?.events ?? []).map((event) => ({
    value: event.id,
    label: `${event.title}, ${formatDateTime(event.date)}`,
  }));
  if (eventId && !eventOptions.some((option) => option.value === eventId)) {
    const title = list[0]?.eventId === eventId ? list[0].eventTitle : `Event ${eventId}`;
    eventOptions.unshift({ value: eventId, label: title });
  }

  const clear = () => {
    setEventId("");
    setStatus(ANY);
    setPaymentStatus(ANY);
    setFrom("");
    setTo("");
    setReferenceDraft("");
  };

  return (
    <section aria-labelledby="bookings-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="bookings-heading" className="text-2xl font-bold">
          Bookings
        </h2>
        <ExportButton type="bookings" />
      </div>
      <div role="group" aria-label="Filter bookings" className="flex flex-wrap items-end gap-3">
        <FilterSelect label="Event" value={eventId || ANY} onChange={setEventId} options={eventOptions} anyLabel="All events" />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} anyLabel="Any status" />
        <FilterSelect label="Payment" value={paymentStatus} onChange={setPaymentStatus} options={PAYMENT_OPTIONS} anyLabel="Any payment" />
        <DateFilter label="Booked from" value={from} onChange={setFrom} />
        <DateFilter label="Booked to" value={to} onChange={setTo} />
        <SearchBox label="Reference" placeholder="PS-..." value={referenceDraft} onChange={setReferenceDraft} />
        {filtered && (
          <Button variant="ghost" className="h-11" onClick={clear}>
            <X aria-hidden="true" /> Clear filters
          </Button>
        )}
      </div>

      {bookings.isPending ? (
        <ListSkeleton label="Loading bookings…" />
      ) : bookings.isError ? (
        <LoadError title="Could not load bookings" error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : list.length === 0 ? (
        <EmptyList icon={Ticket} title={filtered ? "No bookings match" : "No bookings yet"}>
          {filtered ? "Try other filters." : undefined}
        </EmptyList>
      ) : (
        <>
          <TableRegion caption={`Bookings, page ${pager.page}`} hideCaption>
            <thead>
              <tr>
                {["Booking", "Person", "Event", "Status", "Payment"].map((heading) => (
                  <th key={heading} scope="col" className={thClass}>
                    {heading}
                  </th>
                ))}
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((booking) => (
                <BookingRow key={booking.id} booking={booking} />
              ))}
            </tbody>
          </TableRegion>
          <Pager
            label="bookings"
            page={pager.page}
            total={bookings.data.total}
            nextCursor={bookings.data.nextCursor}
            busy={bookings.isFetching}
            onPrevious={pager.previous}
            onNext={pager.next}
          />
        </>
      )}
    </section>
  );
}
