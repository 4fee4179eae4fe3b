import { useRef, useState, type RefObject } from "react";
import { useAccessNeeds } from "@/lib/access-needs-api";
import { charCount } from "@/lib/validation";
import { ACCESSIBILITY_MAX_LENGTH, accessibilityTooLong } from "../api/booking-form-schema";

/** What a booking form says about access: the needs ticked and the spec's free text. */
export interface AccessSaid {
  accessNeeds: readonly string[];
  accessibilityRequirements: string;
}

export interface AccessibilityFieldProps {
  needs: readonly string[];
  value: string;
  error: string | undefined;
  /** Filled in from the needs the person chose to share with session leaders. */
  fromProfile: boolean;
  box: RefObject<HTMLTextAreaElement | null>;
  onNeedsChange: (needs: string[]) => void;
  onChange: (value: string) => void;
}

/**
 * The access needs a booking carries: filled in from the person's profile only when they
 * chose to share their needs with session leaders, and theirs to change for this booking;
 * `check()`, called before sending, holds the text to the server's limit (showing the
 * message and focusing the box when it is over).
 */
export function useAccessibilityRequirements() {
  const profile = useAccessNeeds();
  const shared = profile.data?.shareWithLeader ? profile.data : null;
  const fromProfile = { needs: shared?.needs ?? [], text: shared?.note ?? "" };
  // null until the person changes something: until then the form shows the profile's copy.
  const [own, setOwn] = useState<{ needs: string[]; text: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const box = useRef<HTMLTextAreaElement>(null);
  const current = own ?? fromProfile;
  const check = () => {
    if (charCount(current.text.trim()) <= ACCESSIBILITY_MAX_LENGTH) return true;
    setError(accessibilityTooLong());
    box.current?.focus();
    return false;
  };
  const field: AccessibilityFieldProps = {
    needs: current.needs,
    value: current.text,
    error,
    fromProfile: own === null && shared !== null && (shared.needs.length > 0 || Boolean(shared.note)),
    box,
    onNeedsChange: (needs) => setOwn({ ...current, needs }),
    onChange: (next) => {
      setOwn({ ...current, text: next });
      setError(undefined);
    },
  };
  const said: AccessSaid = { accessNeeds: current.needs, accessibilityRequirements: current.text };
  return { said, check, field };
}
