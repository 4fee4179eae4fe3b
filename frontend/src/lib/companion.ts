/** "+1 companion", with their first name when the member gave one (ADR 0022); null without one. */
export function companionLine(booking: { companion: boolean; companionName: string | null }): string | null {
  if (!booking.companion) return null;
  return booking.companionName ? `+1 companion: ${booking.companionName}` : "+1 companion";
}
