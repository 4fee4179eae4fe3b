import type { SportEvent } from "../api/event-schema";

export interface SportSummary {
  category: string;
  eventCount: number;
  /** Distinct areas the sport runs in, alphabetical. */
  areas: string[];
}

export interface AreaGroup {
  area: string;
  events: SportEvent[];
}

const byName = (a: string, b: string) => a.localeCompare(b, "en-GB");

/** Distinct non-empty values, alphabetical. */
export function distinctSorted(values: Iterable<string>): string[] {
  return [...new Set([...values].filter(Boolean))].sort(byName);
}

/** One summary per sport category (case-insensitive), alphabetical. */
export function groupBySport(events: readonly SportEvent[]): SportSummary[] {
  const groups = new Map<string, { category: string; events: SportEvent[] }>();
  for (const event of events) {
    const key = event.category.toLowerCase();
    const group = groups.get(key) ?? { category: event.category, events: [] };
    group.events.push(event);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ category, events: sportEvents }) => ({
      category,
      eventCount: sportEvents.length,
      areas: distinctSorted(sportEvents.map((event) => event.area)),
    }))
    .sort((a, b) => byName(a.category, b.category));
}

/** Events grouped by area, alphabetical; each group keeps the list's (soonest first) order. */
export function groupByArea(events: readonly SportEvent[]): AreaGroup[] {
  const groups = new Map<string, SportEvent[]>();
  for (const event of events) {
    groups.set(event.area, [...(groups.get(event.area) ?? []), event]);
  }
  return [...groups.entries()]
    .map(([area, areaEvents]) => ({ area, events: areaEvents }))
    .sort((a, b) => byName(a.area, b.area));
}

/** At most `max` badges, then how many more there are ("+N more"). */
export function limitBadges(items: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
