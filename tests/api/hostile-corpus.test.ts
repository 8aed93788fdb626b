/**
 * The hostile corpus (tests/fixtures/hostile-definitions, -floor, -patterns): every draft an editor could write to attack the
 * system is either refused by the server's checker (the floor included), or it is generated behind
 * the wall and its code does nothing but validate: running every validator it has, in the server's
 * realm and the browser module alike, leaves no sentinel (a global, a file).
 */
import { createRequire } from 'node:module';
import { existsSync, rmSync } from 'node:fs';
import { compileFunction } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { definitionVersionOf } from '../../src/server/definition/definition.js';
import { checkDefinitionTexts } from '../../src/server/definition/definition-check.js';
import { STORED_FLOOR } from '../../src/server/registration/registration.columns.js';
import { loadServerValidators } from '../../src/server/definition/sandbox/server-validators.js';
import { generateValidators } from '../../src/server/definition/sandbox/validators-sandbox.js';
import { formats } from '../../src/shared/definition/formats.js';
import { VALIDATOR_RUNTIME_MODULES } from '../../src/shared/definition/validators-module.js';
import { hostileDefinitions, hostileTexts, SENTINEL_PATH } from '../fixtures/hostile-definitions/index.js';
import { hostileFloor } from '../fixtures/hostile-floor.js';
import { hostilePatterns } from '../fixtures/hostile-patterns.js';

interface CorpusEntry {
  name: string;
  attacks: string;
  texts: () => Record<string, string>;
}

const corpus: CorpusEntry[] = [
  ...hostileDefinitions.map((entry) => ({ ...entry, texts: () => hostileTexts(entry) })),
  ...hostileFloor.map((entry) => ({ ...entry, texts: () => hostileTexts({ ...entry, edit: entry.edit }) })),
  ...hostilePatterns.map((entry) => ({
    name: `pattern: ${entry.name}`,
    attacks: `a pattern that stalls a backtracking engine on ${JSON.stringify(entry.attacks.slice(0, 20))}…`,
    texts: () =>
      hostileTexts({
        name: entry.name,
        attacks: '',
        edit: (files) => {
          files['steps/pharmacy-info.schema.json'].properties.name.pattern = entry.pattern;
        },
      }),
  })),
];

const require = createRequire(import.meta.url);
const browserRuntime = Object.fromEntries(
  VALIDATOR_RUNTIME_MODULES.map((id) => [id, id === 'wizard:formats' ? formats : require(id)] as const),
);

function sentinelSet(): boolean {
  return (globalThis as { __hostileSentinel?: unknown }).__hostileSentinel !== undefined || existsSync(SENTINEL_PATH);
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, '__hostileSentinel');
  rmSync(SENTINEL_PATH, { force: true });
});

/** Calls every validator both modules have, on answers that hold every text of the draft. */
function runEverything(browser: string, server: string, version: string, answers: Record<string, unknown>): void {
  const validators = loadServerValidators(server, version);
  validators.registration(answers);
  const body = `"use strict";\n${browser.replace(/^export /gm, '')}\nreturn { createValidators, createStepConditions };`;
  const module = (
    compileFunction(body, []) as () => {
      createValidators: (runtime: unknown) => Record<string, Record<string, (data: unknown) => unknown>>;
      createStepConditions: (runtime: unknown) => Record<string, (answers: unknown) => boolean>;
    }
  )();
  for (const functions of Object.values(module.createValidators(browserRuntime)))
    for (const validate of Object.values(functions)) validate(answers);
  for (const condition of Object.values(module.createStepConditions(browserRuntime))) condition(answers);
}

/** Every string of the draft as an answer under every name of the draft: whatever a validator looks at, it sees hostile text. */
function answersFrom(texts: Record<string, string>): Record<string, unknown> {
  const strings = [
    ...Object.values(texts)
      .join('\n')
      .matchAll(/"((?:[^"\\]|\\.)*)"/g),
  ].map((match) => JSON.parse(`"${match[1]}"`) as string);
  return Object.fromEntries(strings.slice(0, 2000).map((text) => [text, text]));
}

describe('the hostile corpus', () => {
  it('has entries that the checker accepts, so the generated code is tried too', async () => {
    const accepted: typeof corpus = [];
    for (const entry of corpus) {
      const problems = await checkDefinitionTexts(entry.texts(), STORED_FLOOR);
      if (problems.every((p) => p.level === 'warning')) accepted.push(entry);
    }
    expect(accepted.length).toBeGreaterThan(3);
  });

  it.each(corpus)('$name: refused, or its code does nothing but validate ($attacks)', async (entry) => {
    const texts = entry.texts();
    const problems = (await checkDefinitionTexts(texts, STORED_FLOOR)).filter((problem) => problem.level !== 'warning');
    if (problems.length > 0) {
      expect(problems[0].message.length).toBeGreaterThan(0);
      return;
    }
    const files = Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, JSON.parse(text) as unknown]));
    const version = definitionVersionOf(files);
    const code = await generateValidators(version, files);
    runEverything(code.browser, code.server, version, answersFrom(texts));
    expect(sentinelSet()).toBe(false);
  });
});
