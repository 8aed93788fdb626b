/**
 * What the browser receives for each version (issue 19): a version's files and its validators
 * module, immutable and public; the draft's two for the staff preview, editors and admins only,
 * at the revision asked for; and a publish that changes what the wizard is sent, on both databases.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/server/staff/staff.service.js';
import type { ValidatorsModule } from '../../src/shared/validators-module.js';
import { formats } from '../../src/shared/formats.js';
import { type DatabaseTarget, databaseTargets, openSession, signInStaff, testApp } from './helpers.js';

const targets = await databaseTargets();
const PASSWORD = 'a long enough password';
const NEW_TITLE = 'نام کامل داروخانه';

interface Staff {
  cookie: string;
  token: string;
}

/** Imports a served validators module as the browser would (an ES module, nothing to eval). */
async function importModule(code: string): Promise<ValidatorsModule> {
  const dir = join(process.cwd(), 'tests/unit/client/.generated');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `served-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, code);
  try {
    return (await import(pathToFileURL(file).href)) as ValidatorsModule;
  } finally {
    rmSync(file, { force: true });
  }
}

describe.each(targets)("the browser's definition on $name", (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let version: string;

  const signIn = (email: string): Promise<Staff> => signInStaff(app, email, PASSWORD);

  const call = (who: Staff, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: who.cookie, 'x-xsrf-token': who.token, 'content-type': 'application/json' },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url });
    for (const role of ['agent', 'editor'] as const)
      await createStaffAccount(app.database.db, `${role}@example.ir`, role, PASSWORD, 0);
    version = app.definition.version;
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it("serves a version's files and validators as immutable, compressed answers", async () => {
    const files = await app.inject({ url: `/api/definition/${version}/definition.json` });
    expect(files.statusCode).toBe(200);
    expect(files.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(files.json()).toEqual({ version, files: app.definition.files });
    const module = await app.inject({
      url: `/api/definition/${version}/validators.js`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(module.headers['content-encoding']).toBe('br');
    const again = await app.inject({
      url: `/api/definition/${version}/validators.js`,
      headers: { 'if-none-match': String(module.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ url: '/api/definition/0123456789ab/definition.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/definition/not-a-version/validators.js' })).statusCode).toBe(400);
  });

  it('sends validators that judge a step as the server does, without compiling anything', async () => {
    const code = (await app.inject({ url: `/api/definition/${version}/validators.js` })).body;
    expect(code).not.toMatch(/new Function|\beval\(/);
    const module = await importModule(code);
    const runtime = {
      'ajv/dist/runtime/ucs2length': await import('ajv/dist/runtime/ucs2length.js'),
      'ajv/dist/runtime/equal': await import('ajv/dist/runtime/equal.js'),
      'wizard:formats': formats,
    };
    const validators = module.createValidators(runtime);
    const schema = app.definition.wizard.steps.find((step) => step.id === 'pharmacy-info')!.jsonSchema!;
    const validate = validators['pharmacy-info'][String(schema.$id)] as (data: unknown) => boolean;
    expect(validate({ name: 'داروخانه رازی', type: 1, service: 2 })).toBe(true);
    expect(validate({ name: 'د', type: 1, service: 2 })).toBe(false);
    expect(module.createStepConditions(runtime)).toEqual({});
  });

  it('lets editors, not agents nor anonymous callers, preview the draft at the revision they ask for', async () => {
    const anonymous = await openSession(app);
    const agent = await signIn('agent@example.ir');
    const editor = await signIn('editor@example.ir');
    const draft = (await call(editor, 'GET', '/api/staff/definition/draft')).json<{
      revision: number;
      files: Record<string, any>;
    }>();
    for (const path of ['definition.json', 'validators.js']) {
      const url = `/api/staff/definition/draft/${path}?revision=${draft.revision}`;
      expect((await call({ cookie: anonymous.cookie, token: anonymous.token }, 'GET', url)).statusCode).toBe(401);
      expect((await call(agent, 'GET', url)).statusCode).toBe(403);
      expect((await call(editor, 'GET', url)).statusCode).toBe(200);
    }
    const files = structuredClone(draft.files);
    files['steps/pharmacy-info.schema.json'].properties.name.title = NEW_TITLE;
    const saved = await call(editor, 'PUT', '/api/staff/definition/draft', { revision: draft.revision, files });
    expect(saved.statusCode).toBe(200);
    const revision = saved.json<{ revision: number }>().revision;
    const stale = await call(editor, 'GET', `/api/staff/definition/draft/definition.json?revision=${draft.revision}`);
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'draft_stale']);
    const preview = await call(editor, 'GET', `/api/staff/definition/draft/definition.json?revision=${revision}`);
    expect(preview.json().files['steps/pharmacy-info.schema.json'].properties.name.title).toBe(NEW_TITLE);
    // The preview changed nothing the wizard is sent.
    const live = await app.inject({ url: `/api/definition/${version}/definition.json` });
    expect(live.json().files['steps/pharmacy-info.schema.json'].properties.name.title).not.toBe(NEW_TITLE);
  });

  it('serves the published version, and the previous one stays fetchable for managers still on it', async () => {
    const editor = await signIn('editor@example.ir');
    const published = await call(editor, 'POST', '/api/staff/definition/publish', { note: 'a clearer name label' });
    expect(published.statusCode).toBe(200);
    const next = published.json<{ version: string }>().version;
    const config = (await app.inject({ url: '/api/Register/Config' })).json<{ definitionVersion: string }>();
    expect(config.definitionVersion).toBe(next);
    const files = await app.inject({ url: `/api/definition/${next}/definition.json` });
    expect(files.json().files['steps/pharmacy-info.schema.json'].properties.name.title).toBe(NEW_TITLE);
    expect((await app.inject({ url: `/api/definition/${version}/validators.js` })).statusCode).toBe(200);
  });
});
