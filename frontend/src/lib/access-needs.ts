import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { ACCESS_NEEDS, ACCESS_NOTE_CHARS } from "@/generated/shared-rules/access-needs";
import { i18n } from "@/lib/i18n/catalogues";
/**
 * The common access needs a member can tick (ADR 0023), in the order forms list them. The
 * server keeps the same list (crates/domain/src/access_needs.rs); a test holds them together.
 */
export { ACCESS_NEEDS };

export type AccessNeed = (typeof ACCESS_NEEDS)[number];

/** Each need's words, read in the reader's language: `i18n._(ACCESS_NEED_LABELS[need])`. */
export const ACCESS_NEED_LABELS: Record<AccessNeed, MessageDescriptor> = {
  "step-free": msg`Step-free access`,
  "bsl-interpreter": msg`British Sign Language interpreter`,
  "quiet-space": msg`A quiet space`,
  companion: msg`A companion coming with me`,
  "sensory-friendly": msg`Sensory-friendly session`,
  "large-print": msg`Large print`,
  other: msg`Something else (tell us below)`,
};

/** The most a member may write about their needs (the server's limit, and its words). */
export const ACCESS_NOTE_MAX_LENGTH = ACCESS_NOTE_CHARS;
/** The message when the note is over the limit (the server's words, in the reader's language). */
export function accessNoteTooLong(): string {
  const max = ACCESS_NOTE_MAX_LENGTH;
  return t`Must be at most ${max} characters`;
}

export function isAccessNeed(value: string): value is AccessNeed {
  return (ACCESS_NEEDS as readonly string[]).includes(value);
}

/** The words for stored needs, in list order; names this version does not know are left out. */
export function accessNeedLabels(needs: readonly string[]): string[] {
  return ACCESS_NEEDS.filter((need) => needs.includes(need)).map((need) => i18n._(ACCESS_NEED_LABELS[need]));
}
