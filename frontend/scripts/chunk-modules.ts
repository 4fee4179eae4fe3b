/**
 * The `playspace:chunk-modules` Vite plugin: writes dist/.vite/chunk-modules.json, each
 * JavaScript file of the browser build with the source modules inside it (paths relative
 * to the project, node_modules included). Vite's manifest names a chunk's imports but not
 * its modules; scripts/bundle-size.mjs needs both to prove that no admin code (nor the
 * chart library) is in the files a visitor's pages load.
 */
import { relative } from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

export const CHUNK_MODULES_FILE = ".vite/chunk-modules.json";

export function chunkModules(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "playspace:chunk-modules",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      // The prerender's Node build (scripts/prerender.ts) loads this config too: skip it.
      if (config.build.ssr) return;
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        modules[output.fileName] = output.moduleIds
          .filter((id) => !id.startsWith("\0"))
          .map((id) => relative(config.root, id.split("?")[0] ?? id).replaceAll("\\", "/"))
          .sort();
      }
      this.emitFile({ type: "asset", fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(modules, null, 2)}\n` });
    },
  };
}
