/**
 * Vazirmatn cut down to what the wizard can show (Node side of the build only): the build's
 * stylesheet points at subsets made here with `subset-font` (HarfBuzz, so the Arabic shaping
 * tables stay complete for the letters kept) instead of the package's full fonts. `npm run dev`
 * keeps the full fonts.
 *
 * Kept: Basic Latin (the tracking code, URLs, Latin digits), the Arabic letters Persian writes
 * with and the four Persian ones (پ چ ژ گ) with ک, ی and ۀ, the vowel marks, both Arabic-Indic digit
 * sets with the Persian decimal and thousands separators, Persian punctuation (، ؛ ؟ « »), the
 * joiners and direction marks (ZWNJ, ZWJ, LRM, RLM), dashes, quotes and the ellipsis. Letters a
 * manager may type that are not kept (Urdu or Pashto ones) fall back to the system font.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const KEPT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xab, 0xab],
  [0xbb, 0xbb],
  [0xd7, 0xd7],
  [0xf7, 0xf7],
  [0x60c, 0x60c],
  [0x61b, 0x61b],
  [0x61f, 0x61f],
  [0x621, 0x655],
  [0x660, 0x66c],
  [0x670, 0x670],
  [0x67e, 0x67e],
  [0x686, 0x686],
  [0x698, 0x698],
  [0x6a9, 0x6a9],
  [0x6af, 0x6af],
  [0x6c0, 0x6c0],
  [0x6cc, 0x6cc],
  [0x6f0, 0x6f9],
  [0x200c, 0x200f],
  [0x2010, 0x2027],
  [0x2039, 0x203a],
];

export function keptText(): string {
  let text = '';
  for (const [first, last] of KEPT_RANGES)
    for (let code = first; code <= last; code += 1) text += String.fromCodePoint(code);
  return text;
}

export interface FontSubsetOptions {
  /** The package's font files, as the stylesheet names them (file names must be unique). */
  fonts: string[];
  /** Where the subsets are kept between builds (keyed by the font's and the text's hash). */
  cacheDir: string;
}

export function fontSubsetPlugin(options: FontSubsetOptions): Plugin {
  return {
    name: 'wizard-font-subset',
    apply: 'build',
    async config() {
      const text = keptText();
      const alias = [];
      for (const font of options.fonts) {
        const source = readFileSync(font);
        const key = createHash('sha256').update(source).update(text).digest('hex').slice(0, 16);
        const target = path.join(options.cacheDir, key, path.basename(font));
        if (!existsSync(target)) {
          mkdirSync(path.dirname(target), { recursive: true });
          const subset = await subsetFont(source, text, { targetFormat: 'woff2' });
          // Written whole, then renamed: a concurrent build never reads half a font.
          writeFileSync(`${target}.${process.pid}`, subset);
          renameSync(`${target}.${process.pid}`, target);
        }
        const name = path.basename(font).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        alias.push({ find: new RegExp(`^.*/${name}$`), replacement: target });
      }
      return { resolve: { alias } };
    },
  };
}
