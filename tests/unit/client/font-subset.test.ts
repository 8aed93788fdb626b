/**
 * The web font is cut once, at build time, to what any published version can show: the
 * kept set does not depend on schemas/, and holds every character of the shipped definition, of
 * the interface strings and of the Persian a label may carry, so no text falls back to another font.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptText } from '../../../src/client/build/font-subset-plugin.js';
import { fa } from '../../../src/shared/text/strings.fa.js';

const kept = new Set(keptText());

function textsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) textsOf(item, into);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) textsOf(item, into);
  return into;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );
}

function missing(texts: string[]): string[] {
  const absent = new Set<string>();
  for (const text of texts)
    for (const character of text) if (!kept.has(character) && character !== '\n') absent.add(character);
  return [...absent].map((character) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

describe('the web font subset', () => {
  it('keeps every character of schemas/ and of the interface strings', () => {
    const definition = jsonFiles('schemas').flatMap((file) => textsOf(JSON.parse(readFileSync(file, 'utf8'))));
    expect(missing(definition)).toEqual([]);
    expect(missing(textsOf(fa))).toEqual([]);
  });

  it('keeps what a new label may carry: Persian letters, three digit sets, punctuation, joiners and marks', () => {
    const persian = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیآأإؤئءةۀيكـًٌٍَُِّْٰ';
    const digits = '0123456789۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩٫٬٪';
    const punctuation = '،؛؟«»!?.,:;()[]{}-–—…‌‍‎‏⁦⁧⁨⁩"\'/°×÷•';
    expect(missing([persian, digits, punctuation])).toEqual([]);
  });
});
