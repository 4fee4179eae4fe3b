import { ACCESS_NEEDS, ACCESS_NOTE_CHARS } from "@/generated/shared-rules/access-needs";
/**
 * The common access needs a member can tick (ADR 0023), in the order forms list them. The
 * server keeps the same list (crates/domain/src/access_needs.rs); a test holds them together.
 */
export { ACCESS_NEEDS };

export type AccessNeed = (typeof ACCESS_NEEDS)[number];

export const ACCESS_NEED_LABELS: Record<AccessNeed, string> = {
  "step-free": "Step-free access",
  "bsl-interpreter": "British Sign Language interpreter",
  "quiet-space": "A quiet space",
  companion: "A companion coming with me",
  "sensory-friendly": "Sensory-friendly session",
  "large-print": "Large print",
  other: "Something else (tell us below)",
};

/** The most a member may write about their needs (the server's limit, and its words). */
export const ACCESS_NOTE_MAX_LENGTH = ACCESS_NOTE_CHARS;
export const ACCESS_NOTE_TOO_LONG = `Must be at most ${ACCESS_NOTE_MAX_LENGTH} characters`;

export function isAccessNeed(value: string): value is AccessNeed {
  return (ACCESS_NEEDS as readonly string[]).includes(value);
}

/** The words for stored needs, in list order; names this version does not know are left out. */
export function accessNeedLabels(needs: readonly string[]): string[] {
  return ACCESS_NEEDS.filter((need) => needs.includes(need)).map((need) => ACCESS_NEED_LABELS[need]);
}
