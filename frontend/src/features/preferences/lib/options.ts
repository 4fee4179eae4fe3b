/** One choice in a checkbox or radio group. */
export interface Option<T extends string = string> {
  value: T;
  label: string;
  description?: string;
  disabled?: boolean;
  badge?: string;
}

/** Options whose labels are their values ("Weekdays", "Morning"). */
export function options<T extends string>(values: readonly T[]): Option<T>[] {
  return values.map((value) => ({ value, label: value }));
}
