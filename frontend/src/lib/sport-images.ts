/** Sport pictures (800x400 SVG, 2:1) chosen by event category. */
import football from "@/assets/sports/football.svg";
import basketball from "@/assets/sports/basketball.svg";
import tennis from "@/assets/sports/tennis.svg";
import swimming from "@/assets/sports/swimming.svg";
import cricket from "@/assets/sports/cricket.svg";
import rugby from "@/assets/sports/rugby.svg";
import badminton from "@/assets/sports/badminton.svg";
import volleyball from "@/assets/sports/volleyball.svg";
import tableTennis from "@/assets/sports/table-tennis.svg";
import squash from "@/assets/sports/squash.svg";
import hiking from "@/assets/sports/hiking.svg";
import theatre from "@/assets/sports/theatre.svg";
import boxing from "@/assets/sports/boxing.svg";
import yoga from "@/assets/sports/yoga.svg";
import cycling from "@/assets/sports/cycling.svg";
import running from "@/assets/sports/running.svg";
import defaultImage from "@/assets/sports/default.svg";

/** By sportSlug; the server picks event pages' pictures from this table (src/entry-server.tsx). */
export const SPORT_IMAGES_BY_SLUG: Readonly<Record<string, string>> = {
  football,
  basketball,
  tennis,
  swimming,
  cricket,
  rugby,
  badminton,
  volleyball,
  "table-tennis": tableTennis,
  squash,
  hiking,
  theatre,
  boxing,
  yoga,
  cycling,
  running,
};

export const SPORT_IMAGE_WIDTH = 800;
export const SPORT_IMAGE_HEIGHT = 400;

export const DEFAULT_SPORT_IMAGE = defaultImage;

/** "Table Tennis" -> "table-tennis" (crates/api/src/frontend/templates.rs does the same). */
export function sportSlug(category: string): string {
  return category.trim().toLowerCase().replace(/\s+/g, "-");
}

/** The picture URL for a category (case-insensitive), or the default picture. */
export function sportImageUrl(category: string): string {
  const slug = sportSlug(category);
  return Object.hasOwn(SPORT_IMAGES_BY_SLUG, slug) ? (SPORT_IMAGES_BY_SLUG[slug] ?? defaultImage) : defaultImage;
}
