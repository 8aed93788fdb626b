/**
 * A version that got into the database without passing today's checks (stored before a rule was
 * added, or written by other means) is never served: a running process keeps the last good live
 * version and names the refused one in one error line; a process that starts serves the newest
 * good one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { readDefinitionFolder } from '../../src/server/definition/definition.js';
import { fromRoot } from '../../src/server/paths.js';
import { makeLiveUnchecked } from './definition-helpers.js';
import { type DatabaseTarget, databaseTargets, testApp } from './helpers.js';

const targets = await databaseTargets(`sqlite:${join(mkdtempSync(join(tmpdir(), 'recheck-')), 'app.db')}`);

/** The shipped texts with an `if` carrying the ajv comment escape and a keyword the engine does not know. */
function failingTexts(): Record<string, string> {
  const { texts } = readDefinitionFolder(fromRoot('schemas'));
  const step = JSON.parse(texts['steps/pharmacy-info.schema.json']) as Record<string, unknown>;
  step.allOf = [{ if: { $id: 'x */ globalThis.injected = 1; /*', properties: {} }, then: {}, unknownRule: true }];
  return { ...texts, 'steps/pharmacy-info.schema.json': JSON.stringify(step, null, 2) };
}

async function served(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ url: '/api/Register/Config' });
  return response.json<{ definitionVersion: string }>().definitionVersion;
}

describe.each(targets)('a stored version that fails its checks, on $name', (target: DatabaseTarget) => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await target.drop();
  });

  it('is not served: the process keeps the last good version and names the refused one once', async () => {
    const lines: string[] = [];
    const running = await testApp(
      { DATABASE_URL: target.url },
      { logger: { level: 'error', stream: { write: (line) => lines.push(line) } } },
    );
    apps.push(running);
    const good = await served(running);
    const bad = await makeLiveUnchecked(running, failingTexts());

    await running.definitions.refresh();
    await running.definitions.refresh(); // the next poll does not name it again
    expect(await served(running)).toBe(good);
    const named = lines.filter((line) => line.includes(bad));
    expect(named).toHaveLength(1);
    expect(JSON.parse(named[0])).toMatchObject({ level: 50, version: bad });
    expect((globalThis as { injected?: unknown }).injected).toBeUndefined();

    const starting = await testApp({ DATABASE_URL: target.url });
    apps.push(starting);
    expect(await served(starting)).toBe(good);
  });
});
