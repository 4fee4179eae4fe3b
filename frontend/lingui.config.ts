/**
 * Lingui's settings (docs/adr/0024-languages.md): English (en-GB) is the source language,
 * Arabic and Ukrainian are translated from it. Catalogues are gettext PO files in
 * src/locales/{locale}/, split by where their messages are shown (scripts/catalogues.ts),
 * so a phone downloads only what its pages need, in its own language.
 * `npm run messages` extracts new messages into them (docs/translations.md).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { CATALOGUES, catalogueFiles, missingCatalogues, readSourceGraph } from "./scripts/catalogues.ts";
import { LOCALES, SOURCE_LOCALE } from "./src/lib/i18n/locales.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const graph = readSourceGraph(root);
const files = catalogueFiles(graph);
// A page or part that would show a message whose catalogue it does not load (the words would
// read as ids) fails extraction, the build and the tests, which all read this file.
const missing = missingCatalogues(graph);
if (missing.length > 0) throw new Error(`Message catalogues not loaded where needed:\n${missing.join("\n")}`);

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  // A message missing from a translation fails the build (vite.config.ts) and a test; it
  // never quietly falls back to English.
  fallbackLocales: false,
  catalogs: CATALOGUES.map((name) => ({
    path: `<rootDir>/src/locales/{locale}/${name}`,
    include: files[name].map((file) => `<rootDir>/${file}`),
  })),
  // Where each message is used, without line numbers (which would change with every edit).
  format: formatter({ lineNumbers: false }),
  orderBy: "origin",
});
