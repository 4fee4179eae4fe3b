import { useRef, useState, type RefObject } from "react";
import { charCount } from "@/lib/validation";
import { ACCESSIBILITY_MAX_LENGTH, ACCESSIBILITY_TOO_LONG } from "../api/booking-form-schema";

export interface AccessibilityFieldProps {
  value: string;
  error: string | undefined;
  box: RefObject<HTMLTextAreaElement | null>;
  onChange: (value: string) => void;
}

/**
 * The optional accessibility requirements a booking carries: the text, and `check()` to
 * call before sending, which holds it to the server's limit (showing the message and
 * focusing the box when it is over).
 */
export function useAccessibilityRequirements() {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const box = useRef<HTMLTextAreaElement>(null);
  const check = () => {
    if (charCount(value.trim()) <= ACCESSIBILITY_MAX_LENGTH) return true;
    setError(ACCESSIBILITY_TOO_LONG);
    box.current?.focus();
    return false;
  };
  const field: AccessibilityFieldProps = {
    value,
    error,
    box,
    onChange: (next) => {
      setValue(next);
      setError(undefined);
    },
  };
  return { value, check, field };
}
