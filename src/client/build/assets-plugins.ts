/**
 * A small build plugin (Node side only):
 * - `precompressPlugin`: writes `.br` and `.gz` beside every compressible built file, so the server
 *   sends them without compressing per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompressPlugin(options: { minBytes?: number } = {}): Plugin {
  const minBytes = options.minBytes ?? 512;
  let config: ResolvedConfig;
  return {
    name: 'wizard-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < minBytes) continue;
        const source = readFileSync(file);
        const gzip = gzipSync(source, { level: 9 });
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            [constants.BROTLI_PARAM_MODE]: /\.(?:woff2?)$/.test(file)
              ? constants.BROTLI_MODE_FONT
              : constants.BROTLI_MODE_TEXT,
          },
        });
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
      }
    },
  };
}
