import { Check, Pencil, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";

interface InlineTextProps {
  value: string;
  /** The field's name for people: "First name". */
  label: string;
  /** Whose field: "Ana Silva". Makes each Edit button's name unique. */
  itemLabel: string;
  /** The API field, to find its message in a 400's fieldErrors. */
  field: string;
  /** Saves; rejects with the ApiError when refused (the caller shows the toast). */
  onSave: (value: string) => Promise<unknown>;
  /** A message when the value cannot be sent, else null. */
  validate?: (value: string) => string | null;
  type?: "text" | "email";
  inputMode?: "decimal" | "text";
  /** How the value reads when not editing. */
  display?: (value: string) => string;
  className?: string;
}

/**
 * A value with an Edit button; editing shows a box that saves on Enter (or Save) and
 * cancels on Escape (or Cancel), then gives focus back to the Edit button. A refused value
 * keeps the box open with the server's message under it.
 */
export function InlineText({
  value,
  label,
  itemLabel,
  field,
  onSave,
  validate,
  type = "text",
  inputMode,
  display,
  className,
}: InlineTextProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef<"edit" | "input" | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (refocus.current === "edit") editButton.current?.focus();
    if (refocus.current === "input") {
      input.current?.focus();
      input.current?.select();
    }
    refocus.current = null;
  });

  const start = () => {
    setDraft(value);
    setError(null);
    setEditing(true);
    refocus.current = "input";
  };

  const stop = () => {
    setEditing(false);
    setError(null);
    refocus.current = "edit";
  };

  const save = async () => {
    const next = draft.trim();
    if (next === value) return stop();
    const problem = validate?.(next) ?? null;
    if (problem) {
      setError(problem);
      refocus.current = "input";
      return;
    }
    setSaving(true);
    try {
      await onSave(next);
      stop();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.body?.fieldErrors?.[field] ?? null) : null);
      refocus.current = "input";
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      stop();
    }
  };

  if (!editing) {
    return (
      <span className={cn("flex min-w-0 items-center gap-1", className)}>
        <span className="min-w-0 truncate" title={display ? display(value) : value}>
          {display ? display(value) : value}
        </span>
        <Button
          ref={editButton}
          type="button"
          variant="ghost"
          size="icon"
          className="size-11! shrink-0"
          aria-label={`Edit ${label.toLowerCase()} of ${itemLabel}`}
          onClick={start}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </span>
    );
  }

  return (
    <form
      noValidate
      className={cn("min-w-44", className)}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="flex items-center gap-1">
        <Input
          ref={input}
          type={type}
          inputMode={inputMode}
          value={draft}
          readOnly={saving}
          aria-label={`${label} of ${itemLabel}`}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-11!"
        />
        <Button type="submit" variant="ghost" size="icon" className="size-11! shrink-0" disabled={saving} aria-label="Save">
          <Check aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-11! shrink-0"
          disabled={saving}
          aria-label="Cancel"
          onClick={stop}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </form>
  );
}

interface InlineSelectProps<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  label: string;
  itemLabel: string;
  onSave: (value: T) => Promise<unknown>;
  disabled?: boolean;
  className?: string;
}

/** A select that saves as soon as a new option is chosen (back to the old one if refused). */
export function InlineSelect<T extends string>({
  value,
  options,
  label,
  itemLabel,
  onSave,
  disabled = false,
  className,
}: InlineSelectProps<T>) {
  const [pending, setPending] = useState<T | null>(null);
  const change = (next: string) => {
    const chosen = options.find((option) => option.value === next)?.value;
    if (chosen === undefined || chosen === value) return;
    setPending(chosen);
    onSave(chosen)
      .catch(() => undefined)
      .finally(() => setPending(null));
  };
  return (
    <Select value={pending ?? value} onValueChange={change} disabled={disabled || pending !== null}>
      <SelectTrigger aria-label={`${label} of ${itemLabel}`} className={cn("h-11! min-w-32", className)}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
