import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * Adds <link rel="modulepreload"> for the lazily loaded home page chunk and its imports,
 * so the first visit fetches it alongside the entry instead of after it (LCP).
 */
function preloadHomeRoute(): Plugin {
  return {
    name: "playspace:preload-home-route",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        const home = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === "chunk" && output.facadeModuleId?.endsWith("/src/app/routes/home-page.tsx"),
        );
        if (home?.type !== "chunk") return [];
        return [home.fileName, ...home.imports]
          .filter((file) => !html.includes(file))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

// The API server to proxy to while developing with `npm run dev`.
const apiTarget = process.env.PLAYSPACE_API ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadHomeRoute()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: { "/api": apiTarget, "/healthz": apiTarget },
  },
  build: {
    // scripts/bundle-size.mjs reads the manifest to find what the home route loads.
    manifest: true,
    // Sport pictures stay separate cached files instead of data URIs inside the JS.
    assetsInlineLimit: 0,
    target: "es2022",
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
  },
});
