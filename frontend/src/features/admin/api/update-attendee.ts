import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { registerQueryKey } from "./get-register";
import { parseAttendee, registerPath, type Attendance, type Attendee, type Register } from "./register-schema";

export interface AttendeePatch {
  attendance?: Attendance | null;
  /** Cash taken at the door. */
  paymentStatus?: "paid";
}

/** PATCH /api/admin/events/{id}/register/{bookingId} {attendance?, paymentStatus?} → 200 the attendee. */
export async function updateAttendee({
  eventId,
  bookingId,
  patch,
}: {
  eventId: string;
  bookingId: string;
  patch: AttendeePatch;
}): Promise<Attendee> {
  const response = await apiRequest("PATCH", `${registerPath(eventId)}/${encodeURIComponent(bookingId)}`, { body: patch });
  return parseAttendee(await response.json());
}

function withAttendee(register: Register | undefined, bookingId: string, change: (a: Attendee) => Attendee) {
  return (
    register && {
      ...register,
      attendees: register.attendees.map((attendee) => (attendee.bookingId === bookingId ? change(attendee) : attendee)),
    }
  );
}

/** Shows the change at once (a leader at the door cannot wait), and puts it back if refused. */
export function useUpdateAttendee(eventId: string) {
  const queryClient = useQueryClient();
  const key = registerQueryKey(eventId);
  return useMutation({
    mutationFn: (input: { bookingId: string; patch: AttendeePatch }) => updateAttendee({ eventId, ...input }),
    onMutate: async ({ bookingId, patch }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Register>(key);
      queryClient.setQueryData<Register>(key, (register) =>
        withAttendee(register, bookingId, (attendee) => ({ ...attendee, ...patch })),
      );
      return { previous };
    },
    onError: (_error, { bookingId }, context) => {
      const before = context?.previous?.attendees.find((attendee) => attendee.bookingId === bookingId);
      if (before) queryClient.setQueryData<Register>(key, (register) => withAttendee(register, bookingId, () => before));
    },
    onSuccess: (attendee) => {
      queryClient.setQueryData<Register>(key, (register) => withAttendee(register, attendee.bookingId, () => attendee));
    },
  });
}
