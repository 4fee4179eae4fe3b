#!/usr/bin/env node
// Prints the gzipped size of the JavaScript a visitor downloads for the home page
// (the entry chunk, its static imports, and the lazily loaded home route with its
// static imports) and exits non-zero above the budget. Run after `vite build`.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 120 * 1024;
const HOME_ROUTE = "src/app/routes/home-page.tsx";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
} catch (error) {
  console.error(`bundle-size: cannot read dist/.vite/manifest.json (run vite build first): ${error.message}`);
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[HOME_ROUTE]) {
  console.error(`bundle-size: manifest has no entry chunk or no ${HOME_ROUTE} chunk`);
  process.exit(1);
}

/** The chunk and everything it imports statically, as manifest keys. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const keys = withStaticImports(HOME_ROUTE, withStaticImports(entryKey));
const rows = [...keys]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith(".js"))
  .map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
for (const row of rows) console.log(`${kib(row.gzip).padStart(10)}  ${row.file}`);
console.log(`Home page JS (gzip): ${kib(total)} of ${kib(BUDGET_BYTES)} budget`);
if (total > BUDGET_BYTES) {
  console.error(`bundle-size: over budget by ${kib(total - BUDGET_BYTES)}`);
  process.exit(1);
}
