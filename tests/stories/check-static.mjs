#!/usr/bin/env node
/**
 * After `npm run build-storybook`: does the static Storybook have a story for every widget of
 * widgets/names.ts and every step of schemas/wizard.json? Reads storybook-static/index.json.
 * Exit 0 with a summary, or 1 with one line per missing widget or step (CI runs it after the build).
 *
 *   node tests/stories/check-static.mjs [storybook-static]
 *
 * A widget counts as covered by stories from its own file, widgets/<Widget>.stories.tsx
 * (`locationMap` -> LocationMap.stories.tsx); a step by a story tagged `step:<id>`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const staticDir = path.resolve(root, process.argv[2] ?? 'storybook-static');
const indexFile = path.join(staticDir, 'index.json');

function fail(lines) {
  for (const line of lines) console.error(line);
  process.exit(1);
}

if (!existsSync(indexFile)) {
  fail([`check-static: ${path.relative(root, indexFile)} not found — run \`npm run build-storybook\` first.`]);
}

/** The names in `customWidgetNames` of widgets/names.ts (a TypeScript file, read as text). */
function widgetNames() {
  const source = readFileSync(path.join(root, 'widgets/names.ts'), 'utf8');
  const list = /export const customWidgetNames\s*=\s*\[([\s\S]*?)\]/.exec(source);
  if (!list) fail(['check-static: widgets/names.ts has no `export const customWidgetNames = [...]` to read.']);
  const names = [...list[1].matchAll(/['"]([^'"]+)['"]/g)].map((match) => match[1]);
  if (names.length === 0) fail(['check-static: customWidgetNames in widgets/names.ts is empty.']);
  return names;
}

function stepIds() {
  const wizard = JSON.parse(readFileSync(path.join(root, 'schemas/wizard.json'), 'utf8'));
  return (wizard.steps ?? []).map((step) => step.id);
}

let index;
try {
  index = JSON.parse(readFileSync(indexFile, 'utf8'));
} catch (error) {
  fail([`check-static: ${path.relative(root, indexFile)} is not valid JSON (${error.message}).`]);
}
const stories = Object.values(index.entries ?? {}).filter((entry) => entry.type === 'story');

const problems = [];
const widgetCounts = {};
for (const name of widgetNames()) {
  const file = `${name.charAt(0).toUpperCase()}${name.slice(1)}.stories.tsx`;
  const own = stories.filter((entry) => entry.importPath === `./widgets/${file}`);
  widgetCounts[name] = own.length;
  if (own.length === 0)
    problems.push(`widget "${name}" (widgets/names.ts) has no story in the static Storybook: add widgets/${file}`);
}
const stepCounts = {};
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

const list = (counts) =>
  Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
console.log(`check-static: ${stories.length} stories in ${path.relative(root, staticDir)}/index.json`);
console.log(`  widgets: ${list(widgetCounts)}`);
console.log(`  steps:   ${list(stepCounts)}`);
