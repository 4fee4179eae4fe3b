import { fileURLToPath, URL } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { chunkModules } from "./scripts/chunk-modules.ts";
import { precompress } from "./scripts/precompress.ts";
import { firstScreen } from "./scripts/first-screen.ts";
import { linguiMacros } from "./scripts/lingui-macro.ts";
import { PRERENDERED_MODULES, prerender } from "./scripts/prerender.ts";

/**
 * recharts (in the admin Overview's chunk) gets its own copy of clsx (0.2 KiB). Shared with
 * the entry, clsx would otherwise become a chunk of its own on every visitor's page.
 */
function chartsOwnClsx(): Plugin {
  return {
    name: "playspace:charts-own-clsx",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "clsx" || !importer?.includes("/node_modules/recharts/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?charts` };
    },
  };
}

/** The libraries every page runs on: one cached file, shared by the entry and every page. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][\w-]+|@lingui[\\/](core|react)|@radix-ui[\\/]react-(slot|compose-refs|direction)|class-variance-authority|clsx|tailwind-merge)[\\/]/;
/**
 * Small modules that pages share (helpers, the generated shared rules, simple UI, the events feature, icons, zod's mini
 * build): a few files instead of dozens of tiny ones. Not the menus, selects and pop-overs
 * loaded on demand, nor what pulls in sonner or the form libraries. Those the prerendered
 * pages run on go in `common`; the rest, used only by later pages, in `shared`.
 */
const SMALL_SHARED = [
  /[\\/]src[\\/]generated[\\/]/,
  /[\\/]src[\\/]lib[\\/](?!toast\.ts|form-errors\.ts|validation\.ts|story-form\.ts|access-facts\.ts)/,
  /[\\/]src[\\/]components[\\/]ui[\\/](badge|card|empty-state|skeleton|alert|input|label|select-trigger-class)\.tsx?$/,
  /[\\/]src[\\/]components[\\/]layout[\\/](?!theme-menu\.|user-menu\.|mobile-account-links\.)/,
  /[\\/]src[\\/]features[\\/]events[\\/](?!components[\\/](date-filter-popover|filter-select-menu)\.)/,
  /[\\/]node_modules[\\/](lucide-react|zod[\\/]v4[\\/](mini|core))[\\/]/,
];
// The API server to proxy to while developing with `npm run dev`.
const apiTarget = process.env.PLAYSPACE_API ?? "http://127.0.0.1:8080";
const smallShared = (id: string) => SMALL_SHARED.some((pattern) => pattern.test(id));
// The prerendered pages, and the floating Book button every page loads after first paint.
const firstScreens = firstScreen([...PRERENDERED_MODULES, "src/components/layout/floating-book-button.tsx"]);

export default defineConfig({
  // prerender(): the first screen of /, /events, /events/{id} and /blog/{id} as HTML (docs/adr/0006).
  // chunkModules(): which source modules each file holds, for scripts/bundle-size.mjs.
  // precompress(): .br and .gz beside each asset, sent by the server as they are.
  // firstScreens: which modules the prerendered pages load, for the `common` file below.
  // linguiMacros() and lingui(): messages from the catalogues in src/locales (docs/adr/0024);
  // a catalogue missing a message English has fails the build.
  plugins: [
    linguiMacros(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    react(),
    tailwindcss(),
    prerender(),
    chunkModules(),
    chartsOwnClsx(),
    firstScreens.plugin,
    precompress(),
  ],
  define: {
    // The footer's year in prerendered HTML (src/components/layout/site-footer.tsx).
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: { "/api": apiTarget, "/healthz": apiTarget },
  },
  build: {
    // Every browser the site supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // scripts/bundle-size.mjs reads the manifest to find what the home route loads.
    manifest: true,
    // Sport pictures stay separate cached files instead of data URIs inside the JS.
    assetsInlineLimit: 0,
    target: "es2022",
    rolldownOptions: {
      output: {
        // What a phone downloads for a page is measured by scripts/js-budget.mjs (at most
        // 10 files and 120 KiB): a few larger files instead of dozens of tiny ones.
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 3 },
            { name: "common", test: (id) => smallShared(id) && firstScreens.has(id), minShareCount: 2, priority: 2 },
            { name: "shared", test: smallShared, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    // Typing a whole sign-up form in jsdom takes seconds on a busy 2-core machine; the
    // default 5 s made those tests fail on load, not on behaviour.
    testTimeout: 20_000,
  },
});
