/**
 * The rooms' order is written once, in .dependency-cruiser.cjs (its rules are generated from it);
 * README's room map («How it is built») must list the same rooms in the same order, and every
 * folder and file of src/server and src/client must have a place in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

/** One level a line, its rooms split on spaces (the order's own format). */
function orderIn(config: string, name: string): string[][] {
  const match = new RegExp(`const ${name} = \`([^\`]*)\``).exec(config);
  if (!match?.[1]) throw new Error(`${name} not found in .dependency-cruiser.cjs`);
  return match[1]
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
}

/** The code block after `heading` in the README: a level per unindented line, names before two spaces. */
function mapIn(readme: string, heading: string): string[][] {
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error(`README has no «${heading}»`);
  const block = /```\n([\s\S]*?)```/.exec(readme.slice(start))?.[1] ?? '';
  return block
    .split('\n')
    .filter((line) => line !== '' && !/^\s/.test(line))
    .map((line) => (line.split(/\s{2,}/)[0] ?? '').trim().split(' '));
}

/** What sits in a side's folder: folders as `name/`, files by name; staff/'s folders one by one. */
function roomsOnDisk(side: string, nested: string[] = []): string[] {
  return readdirSync(path.join(root, side), { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [entry.name];
    if (!nested.includes(entry.name)) return [`${entry.name}/`];
    return readdirSync(path.join(root, side, entry.name), { withFileTypes: true })
      .filter((inner) => inner.isDirectory())
      .map((inner) => `${entry.name}/${inner.name}/`);
  });
}

const config = read('.dependency-cruiser.cjs');
const readme = read('README.md');
const sides = [
  { side: 'src/server', order: 'serverOrder', heading: '`src/server/`, the rooms, low to high:', nested: [] },
  { side: 'src/client', order: 'clientOrder', heading: '`src/client/`, low to high:', nested: ['staff'] },
];

describe.each(sides)('the rooms of $side', ({ side, order, heading, nested }) => {
  const levels = orderIn(config, order);

  it("README's room map lists the same rooms, level by level, as the order the import check holds", () => {
    expect(mapIn(readme, heading)).toEqual(levels);
  });

  it('gives every folder and file of the side a place in the order, and names nothing that is gone', () => {
    expect(levels.flat().sort()).toEqual(roomsOnDisk(side, nested).sort());
  });
});

describe('reading the room map', () => {
  it('tells a README whose two rooms swapped lines from the order', () => {
    const levels = orderIn(config, 'serverOrder');
    const lines = readme.split('\n');
    const db = lines.findIndex((line) => line.startsWith('db/ '));
    const audit = lines.findIndex((line) => line.startsWith('audit/ '));
    [lines[db], lines[audit]] = [lines[audit], lines[db]];
    const swapped = mapIn(lines.join('\n'), sides[0].heading);
    expect(swapped.flat().sort()).toEqual(levels.flat().sort());
    expect(swapped).not.toEqual(levels);
  });
});
