import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Shows a 400's `fieldErrors` under the matching fields (dotted paths such as
 * "availability.maxDistance" included) and focuses the first. Returns the names it used.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; setFocus: UseFormSetFocus<T> },
  error: unknown,
  isField: (name: string) => boolean,
): string[] {
  const fieldErrors = error instanceof ApiError ? (error.body?.fieldErrors ?? {}) : {};
  const applied = Object.entries(fieldErrors).filter(([name]) => isField(name));
  for (const [name, message] of applied) {
    form.setError(name as Path<T>, { type: "server", message });
  }
  const first = applied[0]?.[0];
  if (first) form.setFocus(first as Path<T>);
  return applied.map(([name]) => name);
}

/** A predicate for applyServerFieldErrors from the form's default values. */
export function fieldsOf(values: object): (name: string) => boolean {
  const names = new Set(Object.keys(values));
  return (name) => names.has(name);
}
