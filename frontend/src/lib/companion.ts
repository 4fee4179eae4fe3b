import { t } from "@lingui/core/macro";

/** "+1 companion", with their first name when the member gave one (ADR 0022); null without one. */
export function companionLine(booking: { companion: boolean; companionName: string | null }): string | null {
  if (!booking.companion) return null;
  const name = booking.companionName;
  return name ? t`+1 companion: ${name}` : t`+1 companion`;
}
