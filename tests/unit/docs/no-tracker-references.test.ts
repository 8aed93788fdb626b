/**
 * Comments, tests and docs name the concept they mean, or link the doc in this repository that
 * explains it, never a tracker's number or a section of a document the repository does not hold: a
 * reader here has neither. An upstream project's issue is written with its repository
 * (rjsf-team/react-jsonschema-form#3715), which this check leaves alone.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SEARCHED = [
  'src',
  'widgets',
  'tests',
  'scripts',
  'bench',
  'docs',
  'schemas',
  '.storybook',
  'deploy',
  'README.md',
];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'tmp', '.generated', 'screenshots', 'vendor']);
const BINARY = /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|gz|br|zip|tgz|db|sqlite)$/i;

/** A tracker's number ("Issue" or "issues", a number, even across a comment's line break), or a spec's section. */
const REFERENCES: { name: string; pattern: RegExp }[] = [
  { name: 'a tracker issue number', pattern: /\bissues?\s+(?:\*\s+|\/\/\s+)?#?\d+/gi },
  { name: 'a section of an outside spec', pattern: /\bspec(?:'s)?\s*§/gi },
  { name: 'the product decisions document, not in this repository', pattern: /product[-]decisions/gi },
];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return BINARY.test(path) ? [] : [path];
  return readdirSync(path)
    .filter((name) => !SKIPPED_FOLDERS.has(name))
    .flatMap((name) => filesUnder(join(path, name)));
}

function referencesIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return REFERENCES.flatMap(({ name, pattern }) =>
    [...text.matchAll(pattern)].map((match) => {
      const line = text.slice(0, match.index).split('\n').length;
      return `${relative(ROOT, file)}:${line}: «${match[0].replace(/\s+/g, ' ')}» is ${name}; name the concept or link its doc`;
    }),
  );
}

describe('references a reader of this repository cannot follow', () => {
  const files = SEARCHED.flatMap((entry) => filesUnder(join(ROOT, entry)));

  it('searches the product code, tests, scripts, bench, docs and README', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain(join(ROOT, 'README.md'));
    expect(files).toContain(join(ROOT, 'src/server/app.ts'));
  });

  it('finds none', () => {
    expect(files.flatMap(referencesIn)).toEqual([]);
  });

  it('would find each kind, even split over a comment line', () => {
    const samples = [
      'Iss' + 'ue 19: publishing',
      'its iss' + 'ues #3715',
      'the iss' + 'ues 18–20',
      '(iss' + 'ue\n *   23)',
      'sp' + 'ec §3',
    ];
    for (const sample of samples)
      expect(
        REFERENCES.some(({ pattern }) => new RegExp(pattern.source, 'i').test(sample)),
        sample,
      ).toBe(true);
    const upstream = 'rjsf-team/react-jsonschema-form#3715';
    expect(REFERENCES.some(({ pattern }) => new RegExp(pattern.source, 'i').test(upstream))).toBe(false);
  });
});
