import type { Messages } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { CATALOGUE_NAMES } from "./catalogues";
import { LOCALES, SOURCE_LOCALE } from "./locales";

// Compiled by Lingui's Vite plugin as the app loads them (a missing translation already fails
// that compile: vite.config.ts), and the PO files as written, for what compiling drops.
const compiled = import.meta.glob<{ messages: Messages }>("../../locales/*/*.po", { eager: true });
const sources = import.meta.glob<string>("../../locales/*/*.po", { eager: true, query: "?raw", import: "default" });

const file = (locale: string, name: string) => `../../locales/${locale}/${name}.po`;

/**
 * The placeholders a compiled message uses ({name}, {count}...), sorted. A compiled message is
 * a string or a list of parts: strings, and placeholders as `[name, format?, options?]`
 * whose options (a plural's cases) are lists of parts again.
 */
function placeholders(message: unknown): string[] {
  const found = new Set<string>();
  const walk = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts as unknown[]) {
      if (!Array.isArray(part)) continue;
      const [name, , options] = part as [unknown, unknown, unknown];
      if (typeof name === "string") found.add(name);
      if (options && typeof options === "object") Object.values(options).forEach(walk);
    }
  };
  walk(message);
  return [...found].sort();
}

interface Entry {
  id: string;
  translation: string;
  flags: string[];
}

/** The entries of a PO file (msgid, msgstr and `#,` flags), without its header. */
function entries(po: string): Entry[] {
  const unquote = (lines: string[]) => lines.map((line) => JSON.parse(line.replace(/^msg(id|str) /, "")) as string).join("");
  return po
    .split(/\n\s*\n/)
    .map((block) => block.split("\n"))
    .map((lines) => {
      const id = lines.findIndex((line) => line.startsWith("msgid "));
      const str = lines.findIndex((line) => line.startsWith("msgstr "));
      const end = lines.findIndex((line, index) => index > str && !line.startsWith('"'));
      return {
        id: unquote(lines.slice(id, str)),
        translation: unquote(lines.slice(str, end === -1 ? undefined : end)),
        flags: lines.filter((line) => line.startsWith("#,")).flatMap((line) => line.slice(2).split(",").map((flag) => flag.trim())),
      };
    })
    .filter((entry) => entry.id !== "");
}

describe("message catalogues", () => {
  it("exist for every language and every catalogue name", () => {
    for (const locale of LOCALES) {
      for (const name of CATALOGUE_NAMES) {
        expect(compiled[file(locale, name)], file(locale, name)).toBeDefined();
      }
    }
  });

  for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
    for (const name of CATALOGUE_NAMES) {
      it(`${locale}/${name} has every message English has, with the same placeholders`, () => {
        const english = compiled[file(SOURCE_LOCALE, name)]?.messages ?? {};
        const translated = compiled[file(locale, name)]?.messages ?? {};
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
        for (const [id, message] of Object.entries(english)) {
          expect(placeholders(translated[id]), `${locale}/${name} ${id}`).toEqual(placeholders(message));
        }
      });

      it(`${locale}/${name} translates every message, each marked as awaiting community review`, () => {
        for (const entry of entries(sources[file(locale, name)] ?? "")) {
          expect(entry.translation, `${locale}/${name}: "${entry.id}"`).not.toBe("");
          // gettext's `fuzzy`: written carefully, not yet checked by a native speaker of the
          // community (docs/translations.md). A reviewer removes the flag.
          expect(entry.flags, `${locale}/${name}: "${entry.id}"`).toContain("fuzzy");
        }
      });
    }
  }

  it("the English catalogue's messages are their own words", () => {
    for (const name of CATALOGUE_NAMES) {
      for (const entry of entries(sources[file(SOURCE_LOCALE, name)] ?? "")) {
        expect([entry.id, ""]).toContain(entry.translation);
      }
    }
  });

  it("placeholders are found in compiled messages", () => {
    expect(placeholders(["Good morning, ", ["name"]])).toEqual(["name"]);
    expect(placeholders("Home")).toEqual([]);
    expect(placeholders(["Home"])).toEqual([]);
    expect(placeholders([["count", "plural", { one: ["# place for ", ["name"]], other: ["# places"] }]])).toEqual([
      "count",
      "name",
    ]);
  });
});
