import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. There is deliberately no tailwind-merge (8 KiB gzipped on every
 * page): a className passed to a primitive must add to its classes, not contradict
 * them; use a variant, a responsive `max-*:` variant or Tailwind's `!` suffix instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
