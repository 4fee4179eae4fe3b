#!/usr/bin/env node
// Checks that no file a visitor's pages can load (the entry and every non-admin page, with
// everything they import, statically or lazily) holds admin code or the chart library, and
// exits non-zero if one does. Run after `vite build`. How much JavaScript a page makes the
// browser download is measured in a browser instead: scripts/js-budget.mjs.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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

/** Source modules that only the admin area may load. */
const ADMIN_ONLY = [
  /^src\/features\/admin\//,
  /^src\/app\/routes\/admin-/,
  // The chart library of the admin Overview and the packages only it uses.
  /^node_modules\/(recharts|victory-vendor|d3-[\w-]+|@reduxjs\/toolkit|react-redux|redux|redux-thunk|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3)\//,
];
const isAdminRoute = (key) => /^src\/app\/routes\/admin-/.test(key);

/** The chunk and everything it loads, statically or lazily, except the admin routes. */
function reachable(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
    if (!isAdminRoute(imported)) reachable(imported, seen);
  }
  return seen;
}

function checkNoAdminCodeForVisitors() {
  let modules;
  try {
    modules = JSON.parse(readFileSync(join(dist, ".vite", "chunk-modules.json"), "utf8"));
  } catch (error) {
    console.error(`bundle-size: cannot read dist/.vite/chunk-modules.json (see scripts/chunk-modules.ts): ${error.message}`);
    return false;
  }
  const visitorPages = Object.keys(manifest).filter((key) => /^src\/app\/routes\/.+\.tsx$/.test(key) && !isAdminRoute(key));
  if (visitorPages.length < 3 || !visitorPages.includes(HOME_ROUTE)) {
    console.error("bundle-size: found no visitor pages in the manifest");
    return false;
  }
  const files = new Set();
  for (const key of [entryKey, ...visitorPages]) {
    for (const reached of reachable(key)) files.add(manifest[reached].file);
  }
  const found = [];
  for (const file of files) {
    for (const module of modules[file] ?? []) {
      if (ADMIN_ONLY.some((pattern) => pattern.test(module))) found.push(`${file}: ${module}`);
    }
  }
  // Guard against a vacuous pass: the admin code and the chart library must be in the build.
  const all = Object.values(modules).flat();
  for (const [name, pattern] of [
    ["admin code", ADMIN_ONLY[0]],
    ["the chart library", /^node_modules\/recharts\//],
  ]) {
    if (!all.some((module) => pattern.test(module))) {
      console.error(`bundle-size: the build holds no ${name}; is the check still looking at the right modules?`);
      return false;
    }
  }
  if (found.length > 0) {
    console.error(`bundle-size: admin-only code in files a visitor's pages load:\n  ${found.join("\n  ")}`);
    return false;
  }
  console.log(`Visitor pages (${visitorPages.length}) load ${files.size} files: no admin code, no chart library`);
  return true;
}

if (!checkNoAdminCodeForVisitors()) process.exit(1);
