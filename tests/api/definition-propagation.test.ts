import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseTarget, databaseTargets, signInStaff, testApp } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

/** Two servers on one database, as two processes behind a balancer (a SQLite file, or one PostgreSQL). */
const targets = await databaseTargets(`sqlite:${join(mkdtempSync(join(tmpdir(), 'propagation-')), 'app.db')}`);
const PASSWORD = 'a long enough password';
/**
 * A hang guard, not the budget: the 5 s budget is measured by `npm run bench` (section publish) on
 * a quiet machine. Here the second server polls beside the whole test run, and on a slow machine
 * building a version's validators under that load alone has taken longer than 5 s.
 */
const GUARD_MS = 30_000;
const PREPARE_MS = 300;

describe.each(targets)('a version published by one server on $name', (target: DatabaseTarget) => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  /** Versions the second server finished preparing, in order. */
  const prepared: string[] = [];

  beforeAll(async () => {
    first = await testApp({ DATABASE_URL: target.url });
    second = await testApp(
      { DATABASE_URL: target.url },
      {
        extend: (app) =>
          app.definitions.addPreparer(async (definition) => {
            await new Promise((resolve) => setTimeout(resolve, PREPARE_MS));
            prepared.push(definition.version);
          }),
      },
    );
    await addStaffAccount(first.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await target.drop();
  });

  async function served(app: FastifyInstance): Promise<string> {
    const response = await app.inject({ url: '/api/Register/Config' });
    return response.json<{ definitionVersion: string }>().definitionVersion;
  }

  it('is served by the other server with no restart, once its preparers are done', async () => {
    const before = await served(second);
    expect(await served(first)).toBe(before);
    expect(prepared).toEqual([before]);

    const { headers } = await signInStaff(first, 'editor@example.ir', PASSWORD);
    const draft = (await first.inject({ url: '/api/staff/definition/draft', headers })).json();
    draft.files['wizard.json'].title = 'پیش‌ثبت‌نام داروخانه (نسخهٔ تازه)';
    const saved = await first.inject({
      method: 'PUT',
      url: '/api/staff/definition/draft',
      headers,
      payload: { revision: draft.revision, files: draft.files },
    });
    expect(saved.json().problems).toEqual([]);

    const publishedAt = performance.now();
    const published = await first.inject({
      method: 'POST',
      url: '/api/staff/definition/publish',
      headers,
      payload: { note: 'عنوان تازه' },
    });
    expect(published.statusCode).toBe(200);
    const { version } = published.json<{ version: string }>();
    expect(await served(first)).toBe(version);

    let seen = await served(second);
    while (seen !== version && performance.now() - publishedAt < GUARD_MS) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await served(second);
    }
    const propagationMs = performance.now() - publishedAt;
    console.info(`${target.name}: the second server served the new version after ${Math.round(propagationMs)} ms`);
    expect(seen).toBe(version);
    // Served only after its preparer finished for it.
    expect(prepared).toEqual([before, version]);
    expect(second.definitions.live().wizard.definition.title).toBe('پیش‌ثبت‌نام داروخانه (نسخهٔ تازه)');
    // The version it replaced is still accepted there too.
    expect(second.definitions.accepted(before)?.version).toBe(before);
  }, 90_000);
});
