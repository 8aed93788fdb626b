import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProgramFile } from '../../src/shared/definition/definition-files.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { fill } from '../../src/shared/text/persian.js';
import { deepText, hostileDefinitions, hostileTexts } from '../fixtures/hostile-definitions/index.js';
import { type DatabaseTarget, databaseTargets, signInStaff, testApp } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const targets = await databaseTargets();
const PASSWORD = 'a long enough password';
const STEP = 'steps/pharmacy-info.schema.json';
const DRAFT = '/api/staff/definition/draft';

interface Staff {
  cookie: string;
  token: string;
}

interface Problem {
  code: string;
  file: string;
  pointer: string;
}

/** The definition's own files of a hostile entry (the program's meta-schemas are not a draft's). */
function draftTexts(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([path]) => !isProgramFile(path)));
}

describe.each(targets)('hostile drafts on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let editor: Staff;

  function call(method: 'GET' | 'PUT' | 'POST', url: string, payload?: string): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url,
      headers: { cookie: editor.cookie, 'x-xsrf-token': editor.token, 'content-type': 'application/json' },
      payload,
    });
  }

  async function revision(): Promise<number> {
    return (await call('GET', DRAFT)).json<{ revision: number }>().revision;
  }

  /** Saves texts as typed (any shape), answering the save and then /api/health with its time. */
  async function saveTexts(texts: Record<string, string>): Promise<LightMyRequestResponse> {
    const body = JSON.stringify({ revision: await revision(), files: {}, texts: draftTexts(texts) });
    return call('PUT', DRAFT, body);
  }

  async function expectHealthy(): Promise<void> {
    const started = performance.now();
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
  }

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url });
    await addStaffAccount(app.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
    editor = await signInStaff(app, 'editor@example.ir', PASSWORD);
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('refuses a 20,000-level file posted as a value with 400 and a Persian message naming it, and stays up', async () => {
    // JSON.stringify overflows on such a value, so the body is written as text.
    const files = draftTexts(hostileTexts({ name: 'shipped', attacks: 'nothing' }));
    const entries = Object.entries(files).map(([path, text]) =>
      path === STEP ? `${JSON.stringify(path)}:${deepText(20_000)}` : `${JSON.stringify(path)}:${text}`,
    );
    const body = `{"revision":${await revision()},"files":{${entries.join(',')}}}`;
    const response = await call('PUT', DRAFT, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'draft_too_large', message: fill(fa.errors.draft_too_large, { path: STEP }) },
    });
    await expectHealthy();
  });

  it('keeps a 20,000-level text typed in the editor, answers every draft route, and refuses to publish it', async () => {
    const entry = hostileDefinitions.find((candidate) => candidate.name === 'deep-draft');
    const texts = draftTexts(hostileTexts(entry as (typeof hostileDefinitions)[number]));
    // As the console saves: every text, and the value of each text that is JSON (written by hand).
    const values = Object.entries(texts).map(([path, text]) => `${JSON.stringify(path)}:${text}`);
    const body = `{"revision":${await revision()},"files":{${values.join(',')}},"texts":${JSON.stringify(texts)}}`;
    const saved = await call('PUT', DRAFT, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ problems: Problem[] }>().problems.map((p) => [p.code, p.file])).toEqual([['too-deep', STEP]]);
    await expectHealthy();
    const draft = await call('GET', DRAFT);
    expect(draft.statusCode).toBe(200);
    // The file is kept as typed; as a value it is left out, like a file that is not JSON.
    expect(draft.json<{ texts: Record<string, string> }>().texts[STEP]).toContain(deepText(50).slice(0, 250));
    expect(Object.keys(draft.json<{ files: Record<string, unknown> }>().files)).not.toContain(STEP);
    for (const url of ['/api/staff/definition/versions', '/api/staff/definition/diff'])
      expect([url, (await call('GET', url)).statusCode]).toEqual([url, 200]);
    const publish = await call('POST', '/api/staff/definition/publish', JSON.stringify({ note: 'deep' }));
    expect(publish.statusCode).toBe(400);
    expect(publish.json<{ error: { code: string; problems: Problem[] } }>().error).toMatchObject({
      code: 'definition_problems',
      problems: [{ code: 'too-deep', file: STEP }],
    });
    await expectHealthy();
  });

  it("refuses 2 MB in one text with 400 (past a file's size) or 413 (past the body limit), and stays up", async () => {
    const entry = hostileDefinitions.find((candidate) => candidate.name === 'huge-string');
    const texts = hostileTexts(entry as (typeof hostileDefinitions)[number]);
    // 2 million Persian letters are 4 MB on the wire: past the route's body limit.
    const tooBig = await saveTexts(texts);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ error: { code: 'too_large', message: fa.errors.too_large } });
    await expectHealthy();
    // 2 million ASCII letters fit the body but not one file.
    const ascii = draftTexts({ ...texts, [STEP]: texts[STEP].replace('ن'.repeat(2_000_000), 'a'.repeat(2_000_000)) });
    const tooLong = await saveTexts(ascii);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: { code: string } }>().error.code).toBe('draft_too_large');
    await expectHealthy();
  });

  it.each(hostileDefinitions.filter((entry) => entry.refusal && entry.name !== 'huge-string'))(
    'answers $name with a 4xx or its problem, never a 5xx, and refuses to publish it',
    async (entry) => {
      const saved = await saveTexts(hostileTexts(entry));
      expect(saved.statusCode).toBeLessThan(500);
      if (saved.statusCode === 200) {
        const codes = saved.json<{ problems: Problem[] }>().problems.map((p) => p.code);
        expect(codes).toContain(entry.refusal?.code);
        const publish = await call('POST', '/api/staff/definition/publish', JSON.stringify({ note: entry.name }));
        expect(publish.statusCode).toBe(400);
        expect(publish.json<{ error: { code: string } }>().error.code).toBe('definition_problems');
      } else expect(saved.statusCode).toBeGreaterThanOrEqual(400);
      await expectHealthy();
    },
  );
});
