/** GET /api/bookings/{id}/calendar.ics: the owner's .ics file, named with the reference. */
export function calendarUrl(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;
}

export function calendarFileName(reference: string): string {
  return `${reference}.ics`;
}
