/**
 * After `npm run build-storybook`: does the static Storybook have a story for every widget of
 * widgets/names.ts and every step of schemas/wizard.json? Reads storybook-static/index.json.
 * Exit 0 with a summary, or 1 with one line per missing widget or step (CI runs it after the build).
 *
 *   tsx tests/stories/check-static.ts [storybook-static]
 *
 * A widget counts as covered by stories from its own file, widgets/<Widget>.stories.tsx
 * (`locationMap` -> LocationMap.stories.tsx); a step by a story tagged `step:<id>`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { customWidgetNames } from '../../widgets/names.js';
import { widgetFileBase } from './story-requirements.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const staticDir = path.resolve(root, process.argv[2] ?? 'storybook-static');
const indexFile = path.join(staticDir, 'index.json');

function fail(lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

if (!existsSync(indexFile)) {
  fail([`check-static: ${path.relative(root, indexFile)} not found — run \`npm run build-storybook\` first.`]);
}

function stepIds(): string[] {
  const wizard = JSON.parse(readFileSync(path.join(root, 'schemas/wizard.json'), 'utf8')) as {
    steps?: { id: string }[];
  };
  return (wizard.steps ?? []).map((step) => step.id);
}

interface IndexEntry {
  type: string;
  importPath: string;
  tags?: string[];
}

function readIndex(): { entries?: Record<string, IndexEntry> } {
  try {
    return JSON.parse(readFileSync(indexFile, 'utf8')) as { entries?: Record<string, IndexEntry> };
  } catch (error) {
    return fail([`check-static: ${path.relative(root, indexFile)} is not valid JSON (${(error as Error).message}).`]);
  }
}
const stories = Object.values(readIndex().entries ?? {}).filter((entry) => entry.type === 'story');

const problems: string[] = [];
const widgetCounts: Record<string, number> = {};
for (const name of customWidgetNames) {
  const file = `${widgetFileBase(name)}.stories.tsx`;
  const own = stories.filter((entry) => entry.importPath === `./widgets/${file}`);
  widgetCounts[name] = own.length;
  if (own.length === 0)
    problems.push(`widget "${name}" (widgets/names.ts) has no story in the static Storybook: add widgets/${file}`);
}
const stepCounts: Record<string, number> = {};
for (const id of stepIds()) {
  const own = stories.filter((entry) => (entry.tags ?? []).includes(`step:${id}`));
  stepCounts[id] = own.length;
  if (own.length === 0) {
    problems.push(
      `step "${id}" (schemas/wizard.json) has no story in the static Storybook: add one tagged "step:${id}" to src/client/stories/Steps.stories.tsx`,
    );
  }
}

if (problems.length)
  fail([
    `check-static: ${path.relative(root, staticDir)}/index.json is missing stories:`,
    ...problems.map((line) => `  - ${line}`),
  ]);

const list = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
console.log(`check-static: ${stories.length} stories in ${path.relative(root, staticDir)}/index.json`);
console.log(`  widgets: ${list(widgetCounts)}`);
console.log(`  steps:   ${list(stepCounts)}`);
