import type { SportEvent } from "@/lib/event-schema";

export interface AreaGroup {
  area: string;
  events: SportEvent[];
}

/** Events grouped by area, alphabetical; each group keeps the list's (soonest first) order. */
export function groupByArea(events: readonly SportEvent[]): AreaGroup[] {
  const groups = new Map<string, SportEvent[]>();
  for (const event of events) {
    groups.set(event.area, [...(groups.get(event.area) ?? []), event]);
  }
  return [...groups.entries()]
    .map(([area, areaEvents]) => ({ area, events: areaEvents }))
    .sort((a, b) => a.area.localeCompare(b.area, "en-GB"));
}

/** At most `max` badges, then how many more there are ("+N more"). */
export function limitBadges(items: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}
