/** The sports members can pick as interests and favourites (spec section 9), in its order.
 * The server's list is crates/domain/src/category.rs; crates/api/tests/shared_lists.rs holds
 * the two together. */
export const SPORTS = [
  "Football",
  "Basketball",
  "Tennis",
  "Swimming",
  "Cricket",
  "Rugby",
  "Badminton",
  "Volleyball",
  "Table Tennis",
  "Squash",
  "Hiking",
  "Theatre",
  "Boxing",
  "Yoga",
  "Cycling",
  "Running",
] as const;

export type Sport = (typeof SPORTS)[number];

export function isSport(value: unknown): value is Sport {
  return (SPORTS as readonly unknown[]).includes(value);
}
