/**
 * The `playspace:precompress` Vite plugin: beside every built script, stylesheet and picture
 * under dist/assets it writes `name.br` (Brotli, best quality) and `name.gz` (Zopfli: plain
 * gzip that any browser reads, about 4% smaller than zlib's best). The server sends the
 * smallest one the browser accepts, with its length (crates/api/src/pages/assets.rs, `asset`),
 * instead of compressing each file again on every request at a fast, larger level.
 *
 * File names carry a hash of their content, so a compressed copy made once is reused from
 * node_modules/.cache by later builds: only what changed is compressed again.
 */
import { mkdir, readFile, writeFile, copyFile, access } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import type { Plugin, ResolvedConfig } from "vite";

const COMPRESSIBLE = /\.(js|css|svg)$/;

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** `file.br` and `file.gz` beside `file`, made or taken from the cache. */
async function compress(file: string, cacheDir: string, name: string): Promise<void> {
  const encodings = {
    br: (bytes: Buffer) =>
      Promise.resolve(
        brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
      ),
    gz: (bytes: Buffer) => gzipAsync(bytes, { numiterations: 5 }).then((out) => Buffer.from(out)),
  };
  let bytes: Buffer | undefined;
  for (const [suffix, encode] of Object.entries(encodings)) {
    const cached = join(cacheDir, `${name}.${suffix}`);
    if (!(await exists(cached))) {
      bytes ??= await readFile(file);
      await writeFile(cached, await encode(bytes));
    }
    await copyFile(cached, `${file}.${suffix}`);
  }
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "playspace:precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      // The prerender's Node build (scripts/prerender.ts) loads this config too: skip it.
      if (config.build.ssr) return;
      const outDir = options.dir ?? join(config.root, config.build.outDir);
      const cacheDir = join(config.root, "node_modules", ".cache", "precompress");
      await mkdir(cacheDir, { recursive: true });
      const names = Object.keys(bundle).filter((name) => name.startsWith("assets/") && COMPRESSIBLE.test(name));
      await Promise.all(names.map((name) => compress(join(outDir, name), cacheDir, name.slice("assets/".length))));
    },
  };
}
