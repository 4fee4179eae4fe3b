/**
 * The `playspace:lingui-macro` Vite plugin: compiles Lingui's macros (`Trans`, `useLingui`,
 * `msg`, `plural` from @lingui/react/macro and @lingui/core/macro) with Lingui's own Babel
 * plugin, in the files that import them and in no other (docs/adr/0024-languages.md).
 * Babel only parses TypeScript and JSX here and leaves them for Vite's own transform.
 * In a production build the macros keep only each message's id: the words come from the
 * catalogue of the reader's language.
 */
import { transformAsync } from "@babel/core";
import linguiMacro from "@lingui/babel-plugin-lingui-macro";
import type { Plugin } from "vite";

const MACRO_IMPORT = /["']@lingui\/(?:react|core)\/macro["']/;

export function linguiMacros(): Plugin {
  return {
    name: "playspace:lingui-macro",
    enforce: "pre",
    async transform(code, id) {
      const path = id.split("?")[0] ?? id;
      if (!/\.tsx?$/.test(path) || path.includes("/node_modules/") || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: path,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["typescript", "jsx"] },
        plugins: [linguiMacro],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
}
