import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckerProcess, MAX_WAITING_CHECKS, programFiles } from '../../src/server/definition/definition-check.js';
import type { ApiError } from '../../src/server/errors.js';
import { readDefinitionFolder } from '../../src/server/definition/definition.js';
import { STORED_FLOOR } from '../../src/server/registration/registration.columns.js';
import { isProgramFile } from '../../src/shared/definition/definition-files.js';
import { fromRoot } from '../../src/server/paths.js';
import { hostileDefinitions, hostileTexts } from '../fixtures/hostile-definitions/index.js';
import { databaseTargets, signInStaff, testApp } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const folder = mkdtempSync(join(tmpdir(), 'draft-check-bounds-'));
const targets = await databaseTargets(`sqlite:${join(folder, 'app.db')}`);
const DRAFT = '/api/staff/definition/draft';
const PASSWORD = 'a long enough password';

interface Problem {
  code: string;
  file: string;
  pointer: string;
  message: string;
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the checker process', () => {
  const shipped = { ...readDefinitionFolder(fromRoot('schemas')).texts, ...programFiles() };

  it('stops a check past its time and answers the bound, not a result', async () => {
    expect(await new CheckerProcess({ timeoutMs: 1, heapMb: 160 }).check(shipped, STORED_FLOOR)).toEqual({
      bound: 'time',
    });
  });

  it('ends a checker past its heap and answers the bound, while this process carries on', async () => {
    expect(await new CheckerProcess({ timeoutMs: 30_000, heapMb: 4 }).check(shipped, STORED_FLOOR)).toEqual({
      bound: 'memory',
    });
  });

  it(`lets ${MAX_WAITING_CHECKS} checks wait at once and tells the next ones to come back (503), in parallel`, async () => {
    const thread = new CheckerProcess({ timeoutMs: 30_000, heapMb: 160 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: MAX_WAITING_CHECKS + 4 }, () => thread.check(shipped, STORED_FLOOR)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(MAX_WAITING_CHECKS);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused.map((outcome) => (outcome.reason as ApiError).statusCode)).toEqual([503, 503, 503, 503]);
    // Once they are done, it checks again.
    expect(await thread.check(shipped, STORED_FLOOR)).toEqual({ problems: [] });
  });

  it('checks within its bounds, one check after another in one process', async () => {
    const thread = new CheckerProcess({ timeoutMs: 30_000, heapMb: 160 });
    for (let round = 0; round < 3; round += 1) {
      const outcome = await thread.check(shipped, STORED_FLOOR);
      expect(outcome).toEqual({ problems: [] });
    }
  });
});

describe.each(targets)('a draft costly to check, on $name', (target) => {
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    await target.drop();
  });

  async function signedIn(
    server: FastifyInstance,
  ): Promise<(method: 'GET' | 'PUT', url: string, body?: string) => Promise<{ statusCode: number; json: <T>() => T }>> {
    const editor = await signInStaff(server, 'editor@example.ir', PASSWORD);
    return (method, url, payload) =>
      server.inject({
        method,
        url,
        headers: { cookie: editor.cookie, 'x-xsrf-token': editor.token, 'content-type': 'application/json' },
        payload,
      });
  }

  it('answers stale saves sent at once with 409 before checking them, and the one that stands is saved', async () => {
    app = await testApp({ DATABASE_URL: target.url });
    await addStaffAccount(app.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
    const call = await signedIn(app);
    const draft = (await call('GET', DRAFT)).json<{ revision: number; texts: Record<string, string> }>();
    const body = (revision: number) => JSON.stringify({ revision, files: {}, texts: draft.texts });
    const answers = await Promise.all([
      call('PUT', DRAFT, body(draft.revision)),
      ...Array.from({ length: 30 }, () => call('PUT', DRAFT, body(draft.revision - 1))),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array.from({ length: 30 }, () => 409)]);
    expect((await call('GET', DRAFT)).json<{ revision: number }>().revision).toBe(draft.revision + 1);
    await app.close();
    app = undefined;
  });

  it('(the editor made above) is refused at its file and pointer, and a restarted server serves the stored draft with its problems, unchecked', async () => {
    app = await testApp({ DATABASE_URL: target.url });
    let call = await signedIn(app);
    const revision = (await call('GET', DRAFT)).json<{ revision: number }>().revision;
    const entry = hostileDefinitions.find((candidate) => candidate.name === 'own-meta-schema');
    const texts = Object.fromEntries(
      Object.entries(hostileTexts(entry as (typeof hostileDefinitions)[number])).filter(
        ([path]) => !isProgramFile(path),
      ),
    );
    const saved = await call('PUT', DRAFT, JSON.stringify({ revision, files: {}, texts }));
    expect(saved.statusCode).toBe(200);
    const problems = saved.json<{ problems: Problem[] }>().problems;
    expect(problems.map((p) => [p.code, p.file, p.pointer])).toContainEqual([
      'schema-keyword',
      'wizard.json',
      '/$schema',
    ]);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await app.close();

    // What a restart reads is what the save stored: a problem planted in the row shows, so nothing was checked again.
    app = await testApp({ DATABASE_URL: target.url });
    const planted = { ...problems[0], code: 'planted', message: 'stored, not checked' };
    await app.database.db
      .updateTable('definition_draft')
      .set({ problems: JSON.stringify([...problems, planted]) })
      .execute();
    call = await signedIn(app);
    const read = await call('GET', DRAFT);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ problems: Problem[] }>().problems.map((p) => p.code)).toEqual([
      ...problems.map((p) => p.code),
      'planted',
    ]);
  });
});
