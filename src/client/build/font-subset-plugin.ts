/**
 * Vazirmatn cut down to what the wizard can show (Node side of the build only): the build's
 * stylesheet points at subsets made here with `subset-font` (HarfBuzz, so the Arabic shaping
 * tables stay complete for the letters kept) instead of the package's full fonts. `npm run dev`
 * keeps the full fonts.
 *
 * The subset does not depend on the definition: it is made once, at build time, for whatever any
 * published version can show (a label published from the console must never fall back to
 * another font). Kept: Basic Latin (the tracking code, URLs, Latin digits) with § © « » ° · × ÷ and
 * the no-break space, the Arabic letters Persian writes with and the four Persian ones (پ چ ژ گ) with ک, ی and
 * ۀ, the vowel marks, the tatweel, both Arabic-Indic digit sets with the Persian decimal and
 * thousands separators and the percent sign, Persian punctuation (، ؛ ؟ « »), the joiners and
 * every direction mark and isolate (ZWNJ, ZWJ, LRM, RLM, LRI…PDI), dashes, quotes, the bullet, the
 * per-mille and prime signs, the minus sign and the ellipsis. Letters a manager may type that are
 * not kept (Urdu or Pashto ones) fall back to the system font; the test beside this plugin checks
 * that every character of schemas/ and of the interface strings is kept.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const KEPT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa7, 0xa7],
  [0xa9, 0xa9],
  [0xab, 0xab],
  [0xb0, 0xb0],
  [0xb7, 0xb7],
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
  [0x200b, 0x200f],
  [0x2010, 0x2027],
  [0x202a, 0x202e],
  [0x2030, 0x2033],
  [0x2039, 0x203a],
  [0x2066, 0x2069],
  [0x2212, 0x2212],
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
