// Loaded with `--import` into a server under test: the checker's pattern analysis passes every
// pattern, as a checker that missed one would. What the test then proves is the second wall: the
// server's validators build patterns with RE2, so a missed pattern still costs linear time.
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!url.endsWith('/definition-check/patterns.js')) return loaded;
    const source = String(loaded.source).replace(
      'export function checkPatterns(',
      'export function checkPatterns() {}\nfunction checkPatternsAsShipped(',
    );
    if (source === String(loaded.source)) throw new Error('checker-miss.mjs: checkPatterns is no longer where it was');
    return { ...loaded, source };
  },
});
