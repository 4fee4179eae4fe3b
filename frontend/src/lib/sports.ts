import { SPORTS } from "@/generated/shared-rules/sports";

/** The sports members can pick as interests and favourites (spec section 9), in its order.
 * The server's list is crates/domain/src/category.rs. */
export { SPORTS };

export type Sport = (typeof SPORTS)[number];

export function isSport(value: unknown): value is Sport {
  return (SPORTS as readonly unknown[]).includes(value);
}
