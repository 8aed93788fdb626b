/**
 * How this server starts a module of its own in another process or thread: the built `.js` beside
 * the built server, else the `.ts` source (tests, `npm run dev`). From the sources Node strips the
 * types itself, since tsx cannot run where esbuild's worker and child process are not allowed. The
 * sources import `./x.js` for `./x.ts`, which SOURCE_RESOLVER resolves.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SOURCE_RESOLVER = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const source = new URL(specifier.slice(0, -3) + '.ts', context.parentURL);
      if (existsSync(fileURLToPath(source))) return next(source.href, context);
    }
    return next(specifier, context);
  },
});`)}`;

/** The module `name` (without extension) beside `base`: built or source, and whether it is the source. */
export function entryBeside(base: string, name: string): { file: string; source: boolean } {
  const built = fileURLToPath(new URL(`./${name}.js`, base));
  if (existsSync(built)) return { file: built, source: false };
  return { file: fileURLToPath(new URL(`./${name}.ts`, base)), source: true };
}
