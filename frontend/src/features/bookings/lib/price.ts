/** The spec's price when an event has none: £20. */
export const DEFAULT_PRICE = "20.00";

const pounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The amount of a decimal price string ("12.5"), or the default £20 when absent or unreadable. */
export function priceAmount(price: string | null | undefined): number {
  const amount = price === null || price === undefined || price.trim() === "" ? Number.NaN : Number(price);
  return Number.isFinite(amount) && amount >= 0 ? amount : Number(DEFAULT_PRICE);
}

/** "£12.50": always pounds with two decimals, "£0.00" included (the booking card's wording). */
export function formatPounds(price: string | null | undefined): string {
  return pounds.format(priceAmount(price));
}

/** Whether a price string means a free session ("0.00"). */
export function isFreePrice(price: string | null | undefined): boolean {
  return priceAmount(price) === 0;
}

/** "£12.50", or "Free" for a free session (the spec's price display). */
export function formatPriceOrFree(price: string | null | undefined): string {
  return isFreePrice(price) ? "Free" : formatPounds(price);
}
