import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import lingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import reactRefresh from "eslint-plugin-react-refresh";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Every folder under src/features is a feature (docs: DESIGN.md, "Frontend"). */
const FEATURES = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Feature boundaries, as bulletproof-react draws them: a feature imports only itself,
 * src/lib, src/components (and src/testing from its tests); never src/app nor another
 * feature. What two features share lives in src/lib, or is composed by a page in
 * src/app/routes. src/lib, shared by all, imports none of those.
 */
const BOUNDARY_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature never imports another feature: share it through src/lib, or compose both in a page under src/app/routes.",
  })),
  {
    target: "./src/features",
    from: "./src/app",
    message: "Features never import src/app: move what they need into src/lib or src/components.",
  },
  {
    target: "./src/features/**/!(*.test).{ts,tsx}",
    from: "./src/testing",
    message: "src/testing is for tests only.",
  },
  {
    target: "./src/lib",
    from: ["./src/app", "./src/features", "./src/components"],
    message: "src/lib is shared by everything, so it imports none of src/app, src/features or src/components.",
  },
];

/**
 * Files whose every word a person reads comes from the message catalogues (docs/adr/0024):
 * an English literal rendered in one of them fails the lint. The list grows as screens are
 * converted; in the end it becomes every file outside the admin area.
 */
const TRANSLATED = [
  "src/components/layout/**/*.{ts,tsx}",
  "src/app/locale-provider.tsx",
  "src/lib/i18n/**/*.ts",
  "src/lib/format.ts",
  "src/lib/access-facts.ts",
  "src/lib/event-schema.ts",
  "src/features/events/components/{event-card,event-detail,venue-details,whos-going,access-filter,access-filter-choices,events-filter-bar}.tsx",
  "src/features/bookings/**/*.{ts,tsx}",
  "src/app/routes/{booking,success,cancel,my-bookings,event-detail}-page.tsx",
  "src/components/{access-needs-choices,require-auth}.tsx",
  "src/components/ui/field.tsx",
  "src/lib/{access-needs,companion,api-client}.ts",
];

/** Strings that are code, not words: class names, ids, types, URLs, keys, tags. */
const UNLOCALIZED = {
  ignore: [
    // One "word" that does not start with a capital: keys, tags, class names, paths.
    "^(?![A-Z])\\S+$",
    // UPPER_CASE constants.
    "^[A-Z0-9_-]+$",
    // Tailwind class lists and other space-separated lower-case tokens.
    "^[a-z0-9:/\\[\\]().%_!#&=-]+( [a-z0-9:/\\[\\]().%_!#&=-]+)*$",
  ],
  ignoreNames: [
    { regex: { pattern: "className", flags: "i" } },
    { regex: { pattern: "^[A-Z0-9_-]+$" } },
    "to", "href", "src", "type", "id", "variant", "size", "align", "side", "rel", "target", "lang", "dir",
    "displayName", "key", "value", "name", "role", "method", "secure", "timeZone",
  ],
  ignoreFunctions: ["cn", "cva", "Error", "console.*", "*.startsWith", "*.endsWith", "*.includes", "apiRequest", "lazy", "z.refine", "z.regex"],
  useTsTypes: true,
};

export default tseslint.config(
  { ignores: ["dist", "node_modules", "e2e/screenshots"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "react-hooks": reactHooks, "react-refresh": reactRefresh, "import-x": importX },
    settings: {
      // Resolves the "@/..." alias (tsconfig paths) so the zones below see real paths.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: BOUNDARY_ZONES }],
      ...reactHooks.configs.recommended.rules,
      "react-refresh/only-export-components": ["error", { allowConstantExport: true }],
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-confusing-void-expression": "off",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ...lingui.configs["flat/recommended"],
  },
  {
    files: TRANSLATED,
    ignores: ["src/**/*.test.{ts,tsx}"],
    plugins: { lingui },
    rules: { "lingui/no-unlocalized-strings": ["error", UNLOCALIZED] },
  },
  {
    files: ["src/**/*.test.{ts,tsx}", "src/testing/**"],
    rules: { "react-refresh/only-export-components": "off" },
  },
  {
    files: ["vite.config.ts", "scripts/prerender.ts", "scripts/chunk-modules.ts", "scripts/precompress.ts"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["**/*.{js,mjs}"],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
