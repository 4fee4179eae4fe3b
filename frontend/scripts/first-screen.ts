/**
 * The `playspace:first-screen` Vite plugin: finds the modules the prerendered pages run on
 * (the entry's and each prerendered page's static imports). vite.config.ts puts only those in
 * the `common` file that /, /events and an event page download, so a helper or icon that only
 * signed-in pages use never weighs on a visitor's first screen (scripts/js-budget.mjs).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

export interface FirstScreen {
  plugin: Plugin;
  /** Whether a first screen loads module `id` (known once the module graph is built). */
  has(id: string): boolean;
}

/**
 * lucide-react's index re-exports every icon, so following its imports would count all 1,600
 * as used. Instead each importer's named imports are looked up in the index's export list.
 */
const ICON_INDEX = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const ICON_EXPORT = /export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g;

/** Each name the icon index exports, with the file that defines it. */
function iconFiles(index: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names = "", path = ""] of readFileSync(index, "utf8").matchAll(ICON_EXPORT)) {
    for (const [, name = ""] of names.matchAll(/default as (\w+)/g)) files.set(name, resolve(dirname(index), path));
  }
  return files;
}

/** The icons a module's (transformed) code imports by name from lucide-react. */
function importedIcons(code: string): string[] {
  return [...code.matchAll(ICON_IMPORT)].flatMap(([, names = ""]) =>
    names.split(",").map((name) => name.trim().split(/\s+as\s+/)[0] ?? "").filter(Boolean),
  );
}

export function firstScreen(pageModules: readonly string[]): FirstScreen {
  let config: ResolvedConfig;
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: "playspace:first-screen",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    // Chunks are made after the graph is complete, so the set is ready when they are.
    buildEnd() {
      modules.clear();
      let icons: Map<string, string> | undefined;
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries, ...pageModules.map((module) => resolve(config.root, module))];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (modules.has(id)) continue;
        modules.add(id);
        const info = this.getModuleInfo(id);
        for (const imported of info?.importedIds ?? []) {
          if (!ICON_INDEX.test(imported)) {
            queue.push(imported);
            continue;
          }
          icons ??= iconFiles(imported);
          for (const name of importedIcons(info?.code ?? "")) {
            const file = icons.get(name);
            if (file === undefined) this.error(`${id} imports ${name}, which lucide-react does not export`);
            queue.push(file);
          }
        }
      }
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}
