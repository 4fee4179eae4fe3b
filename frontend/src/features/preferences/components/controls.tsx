import { Plus, X } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Choice } from "@/components/ui/choice";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { charCount } from "@/lib/validation";
import type { Option } from "../lib/options";

interface CheckboxGroupProps<T extends string> {
  options: readonly Option<T>[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  disabled?: boolean;
  className?: string;
}

/** Checkbox chips for a list value; the caller wraps them in a FieldSet. */
export function CheckboxGroup<T extends string>({ options, value, onChange, disabled, className }: CheckboxGroupProps<T>) {
  return (
    <div className={cn("grid gap-2", className)}>
      {options.map((option) => (
        <Choice
          key={option.value}
          type="checkbox"
          value={option.value}
          disabled={disabled === true || option.disabled === true}
          checked={value.includes(option.value)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...value.filter((v) => v !== option.value), option.value]
                : value.filter((v) => v !== option.value),
            )
          }
          label={
            <>
              {option.label}
              {option.badge && (
                <Badge variant="outline" className="ml-2 align-middle">
                  {option.badge}
                </Badge>
              )}
            </>
          }
          description={option.description}
        />
      ))}
    </div>
  );
}

interface RadioGroupProps<T extends string> {
  name: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}

/** Native radios (arrow keys move the choice) shown as chips. */
export function RadioGroup<T extends string>({ name, options, value, onChange, disabled, className }: RadioGroupProps<T>) {
  return (
    <div className={cn("grid gap-2", className)}>
      {options.map((option) => (
        <Choice
          key={option.value}
          type="radio"
          name={name}
          value={option.value}
          disabled={disabled}
          checked={value === option.value}
          onChange={() => onChange(option.value)}
          label={option.label}
          description={option.description}
        />
      ))}
    </div>
  );
}

interface SwitchRowProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children?: ReactNode;
}

/** A labelled on/off setting; `children` are its sub-settings. */
export function SwitchRow({ label, description, checked, onCheckedChange, children }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="rounded-xl border p-4">
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor={id} className="text-base">
            {label}
          </Label>
          {description && (
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {description}
            </p>
          )}
        </div>
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          aria-describedby={description ? `${id}-description` : undefined}
        />
      </div>
      {children && <div className="mt-4 border-t pt-4">{children}</div>}
    </div>
  );
}

interface TagListProps {
  label: string;
  hint: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  max: number;
  maxChars: number;
  error?: string | undefined;
}

/** Free-text entries (preferred locations) added one at a time and removable. */
export function TagList({ label, hint, value, onChange, max, maxChars, error }: TagListProps) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;

  const add = () => {
    const text = draft.trim();
    if (text === "") return;
    if (charCount(text) > maxChars) return setProblem(`Please keep each location under ${maxChars + 1} characters`);
    if (value.some((item) => item.toLowerCase() === text.toLowerCase())) return setProblem(`${text} is already in your list`);
    if (value.length >= max) return setProblem(`You can add up to ${max} locations`);
    onChange([...value, text]);
    setDraft("");
    setProblem(null);
  };

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={maxChars + 20}
          aria-invalid={Boolean(shownError)}
          aria-describedby={cn(`${id}-hint`, shownError && `${id}-error`)}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" /> Add
        </Button>
      </div>
      {shownError && <FieldError id={`${id}-error`}>{shownError}</FieldError>}
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {value.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-sm font-semibold text-secondary-foreground"
            >
              {item}
              <button
                type="button"
                className="flex size-6 items-center justify-center rounded-full hover:bg-background/60"
                aria-label={`Remove ${item}`}
                onClick={() => onChange(value.filter((v) => v !== item))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
