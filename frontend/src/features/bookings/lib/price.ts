import { t } from "@lingui/core/macro";
import { formatPounds as poundsOf } from "@/lib/format";

/** The spec's price when an event has none: £20. */
export const DEFAULT_PRICE = "20.00";

/** The amount of a decimal price string ("12.5"), or the default £20 when absent or unreadable. */
export function priceAmount(price: string | null | undefined): number {
  const amount = price === null || price === undefined || price.trim() === "" ? Number.NaN : Number(price);
  return Number.isFinite(amount) && amount >= 0 ? amount : Number(DEFAULT_PRICE);
}

/** "£12.50" in the reader's language: always two decimals, "£0.00" included (the booking card's wording). */
export function formatPounds(price: string | null | undefined): string {
  return poundsOf(priceAmount(price));
}

/** Whether a price string means a free session ("0.00"). */
export function isFreePrice(price: string | null | undefined): boolean {
  return priceAmount(price) === 0;
}

/** "£12.50", or "Free" for a free session (the spec's price display). */
export function formatPriceOrFree(price: string | null | undefined): string {
  return isFreePrice(price) ? t`Free` : formatPounds(price);
}
