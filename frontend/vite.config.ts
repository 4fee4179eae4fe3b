import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { prerender } from "./scripts/prerender.ts";

// The API server to proxy to while developing with `npm run dev`.
const apiTarget = process.env.PLAYSPACE_API ?? "http://127.0.0.1:8080";

export default defineConfig({
  // prerender(): the first screen of /, /events and /events/{id} as HTML (docs/adr/0006).
  plugins: [react(), tailwindcss(), prerender()],
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
