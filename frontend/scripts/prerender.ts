/**
 * The `playspace:prerender` Vite plugin: after the browser build, builds src/entry-server.tsx
 * for Node and renders the first screen of the public pages into HTML templates the server
 * sends (docs/adr/0006-prerendered-first-screen.md):
 *
 *   dist/.prerendered/home.{locale}.html    for /
 *   dist/.prerendered/events.{locale}.html  for /events
 *   dist/.prerendered/event.{locale}.html   for /events/{id}, with __EVENT_*__ placeholders
 *   dist/.prerendered/story.{locale}.html   for /blog/{id}, with __STORY_*__ placeholders
 *   dist/.prerendered/blog.{locale}.html    for /blog, the newest story's __STORY_*__ placeholders in it
 *   dist/.prerendered/sport-images.json  the sport pictures by slug, for event.html's picture
 *   dist/.prerendered/catalogues.json    each language's first catalogue, for the app shell
 *
 * Each page is rendered in each language (en-GB, ar, uk; docs/adr/0024-languages.md), with
 * `<html lang dir>` set for it. Each template is dist/index.html with the page's HTML in
 * #root, and the app's code (with the language's first catalogue) loaded by index.html's
 * inline script once the page has been painted (see startAfterPaint). The directory starts
 * with a dot, so the server never serves it as files.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Manifest, type Plugin, type ResolvedConfig } from "vite";

/** A page template, as src/entry-server.tsx describes it (`PageTemplate`). */
interface PageTemplate {
  tokens: Readonly<Record<string, string>>;
  url: string;
  queryClient(): unknown;
  replacements: readonly (readonly [markup: string, token: string])[];
}

type TemplateName = "event" | "story" | "blog";

/** What src/entry-server.tsx exports. */
interface ServerEntry {
  renderPage(url: string, locale: string, queryClient?: unknown): Promise<string>;
  locales: readonly string[];
  direction(locale: string): "ltr" | "rtl";
  isPrerenderedPath(pathname: string): boolean;
  TEMPLATES: Record<TemplateName, PageTemplate>;
  sportImages(): { default: string; bySlug: Readonly<Record<string, string>> };
}

interface PageSpec {
  file: string;
  /** The page's address; a template's is its own (`PageTemplate.url`). */
  url?: string;
  /** The page's module, as the manifest names it: its chunk is preloaded. */
  module: string;
  /** A template the server fills in for each event or story (for /blog: the newest). */
  template?: TemplateName;
}

const PAGES: readonly PageSpec[] = [
  { file: "home", url: "/", module: "src/app/routes/home-page.tsx" },
  { file: "events", url: "/events", module: "src/app/routes/events-page.tsx" },
  { file: "event", module: "src/app/routes/event-detail-page.tsx", template: "event" },
  { file: "story", module: "src/app/routes/story-page.tsx", template: "story" },
  { file: "blog", module: "src/app/routes/blog-page.tsx", template: "blog" },
];

/** The prerendered pages' modules: their code is what a first screen downloads. */
export const PRERENDERED_MODULES: readonly string[] = PAGES.map((page) => page.module);

export const PRERENDER_DIR = ".prerendered";
const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** index.html's inline script: theme before first paint, and starting prerendered pages. */
const INLINE_SCRIPT = "<script>";
const HTML_ELEMENT = '<html lang="en-GB">';

/** The manifest key of `locale`'s first catalogue (src/lib/i18n/catalogues.ts loads it). */
const firstCatalogue = (locale: string) => `src/locales/${locale}/first.po`;

/** The JavaScript files `key` loads (itself and its static imports), by manifest key. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, seen);
  return seen;
}

/**
 * The shell for a prerendered page, whose HTML paints before any of the app's code loads:
 * the entry script and Vite's modulepreload links give way to attributes on index.html's
 * inline script, which loads the entry, its imports and the page's own code (`module`) once
 * the page has been painted. (Attributes, because the script's text must keep its hash.)
 */
function startAfterPaint(shell: string, manifest: Manifest, module: string, locale: string): string {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry) throw new Error("prerender: index.html has no entry module script");
  if (!manifest[module]) throw new Error(`prerender: ${module} is not in the build manifest`);
  const preloads = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
  for (const key of [...chunkFiles(manifest, module), ...chunkFiles(manifest, firstCatalogue(locale))]) {
    const file = `/${manifest[key]?.file ?? ""}`;
    if (file.endsWith(".js") && file !== entry && !preloads.includes(file)) preloads.push(file);
  }
  if (!shell.includes(INLINE_SCRIPT)) throw new Error(`prerender: index.html has no ${INLINE_SCRIPT}`);
  return shell
    .replace(MODULE_PRELOAD, "")
    .replace(ENTRY_SCRIPT, "")
    .replace(INLINE_SCRIPT, `<script data-entry="${entry}" data-preload="${preloads.join(" ")}">`);
}

/**
 * Puts in a template's remaining placeholders and checks that each one is there: the server
 * fills only what the page shows, so a placeholder the page lost would leave its text out.
 */
function finishTemplate(html: string, name: TemplateName, template: PageTemplate): string {
  let filled = html;
  for (const [markup, token] of template.replacements) {
    if (!filled.includes(markup)) throw new Error(`prerender: expected ${markup} in the ${name} page`);
    filled = filled.replaceAll(markup, token);
  }
  for (const [field, token] of Object.entries(template.tokens)) {
    // The id is only in the page's address, which the template does not show.
    if (field !== "id" && !filled.includes(token)) {
      throw new Error(`prerender: the ${name} page does not show ${token}`);
    }
  }
  return filled;
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "playspace:prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The Node build below loads this same config; only the browser build prerenders.
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const serverDir = resolve(config.root, "node_modules/.cache/playspace-prerender");
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: "warn",
        build: {
          ssr: "src/entry-server.tsx",
          outDir: serverDir,
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
          minify: false,
        },
      });
      const entry = (await import(pathToFileURL(join(serverDir, "entry-server.js")).href)) as ServerEntry;
      const shell = await readFile(join(outDir, "index.html"), "utf8");
      if (!shell.includes(ROOT_ELEMENT)) throw new Error(`prerender: index.html has no ${ROOT_ELEMENT}`);
      const manifest = JSON.parse(await readFile(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;

      const target = join(outDir, PRERENDER_DIR);
      await rm(target, { recursive: true, force: true });
      await mkdir(target, { recursive: true });
      if (!shell.includes(HTML_ELEMENT)) throw new Error(`prerender: index.html has no ${HTML_ELEMENT}`);
      const urls: string[] = [];
      const catalogues: Record<string, string> = {};
      for (const locale of entry.locales) {
        const catalogue = manifest[firstCatalogue(locale)]?.file;
        if (!catalogue) throw new Error(`prerender: ${firstCatalogue(locale)} is not in the build manifest`);
        catalogues[locale] = `/${catalogue}`;
        const html = `<html lang="${locale}" dir="${entry.direction(locale)}">`;
        for (const page of PAGES) {
          const template = page.template && entry.TEMPLATES[page.template];
          const url = template ? template.url : (page.url ?? "/");
          if (locale === entry.locales[0]) urls.push(url);
          // The browser must load the page's code before hydrating it (src/app/pages.ts).
          if (!entry.isPrerenderedPath(url)) throw new Error(`prerender: ${url} is not in PRERENDERED (src/app/pages.ts)`);
          let body = await entry.renderPage(url, locale, template?.queryClient());
          if (page.template && template) body = finishTemplate(body, page.template, template);
          const document = startAfterPaint(shell, manifest, page.module, locale)
            .replace(HTML_ELEMENT, html)
            .replace(ROOT_ELEMENT, `<div id="root">${body}</div>`);
          await writeFile(join(target, `${page.file}.${locale}.html`), document);
        }
      }
      await writeFile(join(target, "catalogues.json"), `${JSON.stringify(catalogues, null, 2)}\n`);
      await writeFile(join(target, "sport-images.json"), `${JSON.stringify(entry.sportImages(), null, 2)}\n`);
      config.logger.info(`prerendered ${urls.join(", ")} in ${entry.locales.join(", ")} into ${PRERENDER_DIR}/`);
    },
  };
}
