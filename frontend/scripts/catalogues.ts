/**
 * Which message catalogue each source file's messages go into (docs/adr/0024-languages.md).
 *
 * A phone downloads only the catalogues of what it shows, in its own language:
 *
 * - `first`: every file the first screens run on (the entry and the prerendered pages, with
 *   what they import, and what they load later without naming a catalogue: the header's
 *   menus, the bell, toasts). Loaded before the app starts.
 * - every other catalogue is loaded at a boundary that names it: a page
 *   (`lazyPage(() => import("./routes/x"), "app")` in src/app/pages.ts) or a part loaded
 *   later (`withCatalogue("app", () => import("./x"))`, src/lib/i18n/catalogues.ts). A file
 *   reached only through such boundaries goes into the first catalogue they name (in
 *   CATALOGUES order).
 *
 * The graph is read from the source with regular expressions (imports and the two boundary
 * forms above), so lingui.config.ts, the tests (src/lib/i18n/catalogues.test.ts) and the
 * build (scripts/first-screen.ts checks the real module graph against it) agree.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Catalogue names, in the order a file reached by several boundaries is assigned. */
export const CATALOGUES = ["first", "app", "legal"] as const;
export type CatalogueName = (typeof CATALOGUES)[number];

/** The entry and the prerendered pages (scripts/prerender.ts, PRERENDERED_MODULES). */
export const FIRST_ROOTS = [
  "src/main.tsx",
  "src/app/routes/home-page.tsx",
  "src/app/routes/events-page.tsx",
  "src/app/routes/event-detail-page.tsx",
  "src/app/routes/story-page.tsx",
  "src/app/routes/blog-page.tsx",
] as const;

/** A place where code is loaded later, with the catalogues loaded alongside it. */
export interface Boundary {
  /** The file that loads it. */
  from: string;
  /** The file it loads. */
  target: string;
  catalogues: CatalogueName[];
}

export interface SourceGraph {
  /** Files by path relative to the frontend's root ("src/..."). */
  files: string[];
  /** Imports that run with the importing file, or later but with no catalogue of their own. */
  edges: Map<string, string[]>;
  boundaries: Boundary[];
  /** Files that use Lingui's macros: the ones with messages. */
  withMessages: Set<string>;
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /import\(\s*["']([^"']+)["']\s*\)/g;
const LAZY_PAGE = /lazyPage\(\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']\s*\)\s*(?:,\s*\[([^\]]*)\])?\s*\)/g;
const WITH_CATALOGUE = /withCatalogue\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']\s*\)/g;
const MACRO = /from\s+["']@lingui\/(?:react|core)\/macro["']/;

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.startsWith("src/testing") ? [path] : [];
  });
}

function resolveImport(root: string, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("@/")) base = join("src", spec.slice(2));
  else if (spec.startsWith(".")) base = relative(root, resolve(root, dirname(from), spec));
  else return undefined;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
    .map((ext) => base + ext)
    .find((path) => /\.tsx?$/.test(path) && existsSync(join(root, path)));
}

function catalogueList(list: string, where: string): CatalogueName[] {
  const names = [...list.matchAll(/["'](\w+)["']/g)].map(([, name = ""]) => name);
  for (const name of names) {
    if (!(CATALOGUES as readonly string[]).includes(name)) throw new Error(`${where}: unknown catalogue "${name}"`);
  }
  return names as CatalogueName[];
}

export function readSourceGraph(root: string): SourceGraph {
  const files = sourceFiles(root, "src");
  const edges = new Map<string, string[]>();
  const boundaries: Boundary[] = [];
  const withMessages = new Set<string>();
  for (const file of files) {
    // Comments may show the boundary forms as examples: they are not code. Line comments go
    // first: one may hold "/*" (a path such as "/admin/*") that is no comment's start.
    const source = readFileSync(join(root, file), "utf8").replace(/^\s*\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
    if (MACRO.test(source)) withMessages.add(file);
    const bounded = new Set<string>();
    const boundary = (spec: string, list: string) => {
      const target = resolveImport(root, file, spec);
      if (!target) throw new Error(`${file}: cannot resolve ${spec}`);
      bounded.add(spec);
      boundaries.push({ from: file, target, catalogues: catalogueList(list, file) });
    };
    for (const [, spec = "", list = ""] of source.matchAll(LAZY_PAGE)) boundary(spec, list);
    for (const [, list = "", spec = ""] of source.matchAll(WITH_CATALOGUE)) boundary(spec, list);
    const imported = [
      ...[...source.matchAll(STATIC_IMPORT)].map(([, spec = ""]) => spec),
      ...[...source.matchAll(DYNAMIC_IMPORT)].map(([, spec = ""]) => spec).filter((spec) => !bounded.has(spec)),
    ];
    edges.set(file, [...new Set(imported.map((spec) => resolveImport(root, file, spec)).filter((path) => path !== undefined))]);
  }
  return { files, edges, boundaries, withMessages };
}

/** The files `start` runs on, not counting what it loads at a boundary. */
export function reach(graph: SourceGraph, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(graph.edges.get(file) ?? []));
  }
  return seen;
}

/** Each catalogue's files (sorted paths relative to the frontend's root). */
export function catalogueFiles(graph: SourceGraph): Record<CatalogueName, string[]> {
  const first = reach(graph, FIRST_ROOTS);
  const assigned = new Map<string, CatalogueName>();
  for (const name of CATALOGUES.slice(1)) {
    for (const boundary of graph.boundaries.filter((b) => b.catalogues[0] === name)) {
      for (const file of reach(graph, [boundary.target])) {
        if (!first.has(file) && !assigned.has(file)) assigned.set(file, name);
      }
    }
  }
  const result = Object.fromEntries(CATALOGUES.map((name) => [name, [] as string[]])) as Record<CatalogueName, string[]>;
  for (const file of first) result.first.push(file);
  for (const [file, name] of assigned) result[name].push(file);
  for (const name of CATALOGUES) result[name].sort();
  return result;
}

/**
 * Places that would show a message whose catalogue is not loaded: a boundary reaching a
 * file with messages that is neither in `first` nor in a catalogue the boundary names.
 */
export function missingCatalogues(graph: SourceGraph): string[] {
  const files = catalogueFiles(graph);
  const catalogueOf = new Map<string, CatalogueName>();
  for (const name of CATALOGUES) for (const file of files[name]) catalogueOf.set(file, name);
  const problems: string[] = [];
  for (const boundary of graph.boundaries) {
    for (const file of reach(graph, [boundary.target])) {
      const name = catalogueOf.get(file);
      if (!graph.withMessages.has(file) || name === "first" || (name && boundary.catalogues.includes(name))) continue;
      const loaded = boundary.catalogues.length ? boundary.catalogues.join(", ") : "none";
      problems.push(`${boundary.from} loads ${boundary.target} with catalogues [${loaded}], but ${file} needs "${name ?? "?"}"`);
    }
  }
  return problems;
}
