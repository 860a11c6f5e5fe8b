import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";
import { antdStyles } from "./build/antd-styles";

/** Shared chunks smaller than this (bytes of source) are inlined into their users (build.rolldownOptions). */
const INLINE_CHUNKS_BELOW = 15_000;
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg)$/;
/** Below this a compressed copy saves less than the extra response bytes it costs. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so that the API serves them
 * compressed (`@fastify/static` `preCompressed`) without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "csc:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The pages an anonymous visitor opens first, whose chunks main.tsx asks for at once. Asking for
 * them, Vite's helper added a `<link rel=modulepreload>` for each script they import, and adding
 * each took the page 1–6 ms of its main thread (20–45 ms a first visit, measured in Chromium).
 * Their scripts now load by their imports; their style sheets are still linked ahead. Lighthouse
 * (bench/lighthouse.mjs, median of 3): first load of the sign-in page 898 → 779 ms and of the
 * public apply page 1,035 → 921 ms; mobile performance 81 → 85 and 72 → 84. The pages behind a
 * sign-in keep the helper's links: without them the dashboard's first load was slower.
 */
const FIRST_VISIT_CHUNK = /(^|\/)(LoginPage|PublicShell|PublicApplyPage)-[\w-]+\.js$/;

function preloadedWith(chunk: string, dependencies: string[]): string[] {
  return FIRST_VISIT_CHUNK.test(chunk)
    ? dependencies.filter((dependency) => dependency.endsWith(".css"))
    : dependencies;
}

// `source` first so that @csc/shared resolves to its TypeScript source (no separate build step).
export default defineConfig({
  base: "/",
  plugins: [react(), antdStyles(), precompress()],
  resolve: { conditions: ["source", ...defaultClientConditions] },
  server: {
    port: 5173,
    // No changeOrigin: the API decides the site from the Host header the browser sent.
    proxy: { "/api": { target: process.env.CSC_API_URL ?? "http://localhost:3000" } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // the largest chunk is the dashboard's chart library (G2 and its renderer, ~1.64 MB, ~480 KB
    // gzip), loaded only with the dashboard's chart: split further, its chunks import each other
    // in a cycle and fail to evaluate
    chunkSizeWarningLimit: 1700,
    modulePreload: { resolveDependencies: preloadedWith },
    rolldownOptions: {
      // @csc/shared is pure rules and data: what a screen does not import stays out of its chunks
      // (the sign-in page needs a few helpers, not the resource registry)
      treeshake: { moduleSideEffects: (id: string) => !id.includes("/packages/shared/src/") },
      // what the inlining below requires: the lazy pages' chunks export only what is imported
      preserveEntrySignatures: false,
      output: {
        // Small shared chunks (an icon, a hook, a piece of antd that a few pages share) are copied
        // into the chunks that use them instead of being files of their own. Left apart, the
        // sign-in page asked for 52 scripts, most under 2 KB; over a phone's network each waits its
        // turn for one of the browser's six connections. With 15 KB (source size, before
        // minifying): 21 scripts, Lighthouse's mobile score 62 → 74-79; the whole build ~20 % larger.
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: INLINE_CHUNKS_BELOW } },
      },
    },
  },
});
