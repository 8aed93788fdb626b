/**
 * What the browser receives for each version: a version's files and its validators
 * module, immutable and public; the draft's two for the staff preview, opened by a short-lived
 * token that only editors and admins are given; and a publish that changes what the wizard is sent, on both databases.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidatorsModule } from '../../src/shared/definition/validators-module.js';
import { formats } from '../../src/shared/definition/formats.js';
import { PREVIEW_TOKEN_TTL_MS } from '../../src/server/definition-publishing/preview-token.js';
import { definitionAssetPaths } from '../../src/shared/definition/definition-assets.js';
import type { PreviewTokenAnswer } from '../../src/shared/contracts/definition.schemas.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { type DatabaseTarget, databaseTargets, openSession, signInStaff, TEST_SECRET, testApp } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

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

/** A preview token for the draft of a second server, signed with that server's secret. */
async function tokenOfAnotherServer(other: FastifyInstance): Promise<string> {
  await addStaffAccount(other.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
  const editor = await signInStaff(other, 'editor@example.ir', PASSWORD);
  const headers = { cookie: editor.cookie };
  const draft = (await other.inject({ url: '/api/staff/definition/draft', headers })).json<{ revision: number }>();
  const given = await other.inject({ url: `${definitionAssetPaths.previewToken}?revision=${draft.revision}`, headers });
  return given.json<PreviewTokenAnswer>().token;
}

describe.each(targets)("the browser's definition on $name", (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let version: string;
  let now = Date.UTC(2026, 0, 1);

  const signIn = (email: string): Promise<Staff> => signInStaff(app, email, PASSWORD);

  const call = (who: Staff, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: who.cookie, 'x-xsrf-token': who.token, 'content-type': 'application/json' },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url }, { clock: () => now });
    for (const role of ['agent', 'editor'] as const)
      await addStaffAccount(app.database.db, `${role}@example.ir`, role, PASSWORD, 0);
    version = app.definitions.live().version;
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it("serves a version's files and validators as immutable, compressed answers", async () => {
    const files = await app.inject({ url: `/api/definition/${version}/definition.json` });
    expect(files.statusCode).toBe(200);
    expect(files.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(files.json()).toEqual({ version, files: app.definitions.live().files });
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
    const schema = app.definitions.live().wizard.steps.find((step) => step.id === 'pharmacy-info')!.jsonSchema!;
    const validate = validators['pharmacy-info'][String(schema.$id)] as (data: unknown) => boolean;
    expect(validate({ name: 'داروخانه رازی', type: 1, service: 2 })).toBe(true);
    expect(validate({ name: 'د', type: 1, service: 2 })).toBe(false);
    expect(module.createStepConditions(runtime)).toEqual({});
  });

  const previewToken = (who: Staff, revision: number) =>
    call(who, 'GET', `${definitionAssetPaths.previewToken}?revision=${revision}`);
  /** The preview frame's read: no cookie at all, only the token. */
  const previewRead = (path: string, token: string) =>
    app.inject({ url: `${path}?token=${encodeURIComponent(token)}` });

  it('gives editors, not agents nor anonymous callers, a token that opens the draft without a cookie', async () => {
    const anonymous = await openSession(app);
    const agent = await signIn('agent@example.ir');
    const editor = await signIn('editor@example.ir');
    const draft = (await call(editor, 'GET', '/api/staff/definition/draft')).json<{
      revision: number;
      files: Record<string, any>;
    }>();
    expect((await previewToken({ cookie: anonymous.cookie, token: anonymous.token }, draft.revision)).statusCode).toBe(
      401,
    );
    expect((await previewToken(agent, draft.revision)).statusCode).toBe(403);
    const given = await previewToken(editor, draft.revision);
    expect(given.statusCode).toBe(200);
    const { token, expiresAt } = given.json<PreviewTokenAnswer>();
    expect(expiresAt).toBe(now + PREVIEW_TOKEN_TTL_MS);
    for (const path of [definitionAssetPaths.draftDefinition, definitionAssetPaths.draftValidators]) {
      const read = await previewRead(path, token);
      expect(read.statusCode).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBe('*');
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();
      expect(read.headers['cache-control']).toBe('no-store');
    }

    const files = structuredClone(draft.files);
    files['steps/pharmacy-info.schema.json'].properties.name.title = NEW_TITLE;
    const saved = await call(editor, 'PUT', '/api/staff/definition/draft', { revision: draft.revision, files });
    expect(saved.statusCode).toBe(200);
    const revision = saved.json<{ revision: number }>().revision;
    const stale = await previewRead(definitionAssetPaths.draftDefinition, token);
    expect([stale.statusCode, stale.json().error]).toEqual([
      409,
      { code: 'draft_stale', message: fa.errors.draft_stale },
    ]);
    const fresh = (await previewToken(editor, revision)).json<PreviewTokenAnswer>().token;
    const preview = await previewRead(definitionAssetPaths.draftDefinition, fresh);
    expect(preview.json().files['steps/pharmacy-info.schema.json'].properties.name.title).toBe(NEW_TITLE);
    // The preview changed nothing the wizard is sent.
    const live = await app.inject({ url: `/api/definition/${version}/definition.json` });
    expect(live.json().files['steps/pharmacy-info.schema.json'].properties.name.title).not.toBe(NEW_TITLE);
  });

  it('refuses an expired, forged or other draft’s token in Persian, and the token opens nothing else', async () => {
    const editor = await signIn('editor@example.ir');
    const { revision, files } = (await call(editor, 'GET', '/api/staff/definition/draft')).json<{
      revision: number;
      files: Record<string, unknown>;
    }>();
    const { token } = (await previewToken(editor, revision)).json<PreviewTokenAnswer>();
    const refused = async (candidate: string, code: 'preview_expired' | 'preview_invalid') => {
      for (const path of [definitionAssetPaths.draftDefinition, definitionAssetPaths.draftValidators]) {
        const answer = await previewRead(path, candidate);
        expect([answer.statusCode, answer.json().error], candidate).toEqual([403, { code, message: fa.errors[code] }]);
        // Refusals are readable by the frame too, so it can show their words.
        expect(answer.headers['access-control-allow-origin']).toBe('*');
      }
    };
    const [claimedRevision, claimedVersion, expiry, mac] = token.split('.');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    await refused(`${claimedRevision}.${claimedVersion}.${expiry}.${flipped}`, 'preview_invalid');
    // Claims changed under the same signature: a later expiry, another revision, another version.
    await refused(`${claimedRevision}.${claimedVersion}.${Number(expiry) + 60_000}.${mac}`, 'preview_invalid');
    await refused(`${Number(claimedRevision) + 1}.${claimedVersion}.${expiry}.${mac}`, 'preview_invalid');
    await refused(`${claimedRevision}.${'0'.repeat(claimedVersion.length)}.${expiry}.${mac}`, 'preview_invalid');
    // Signed by a server with another secret.
    const other = await testApp({ DATABASE_URL: 'sqlite::memory:', CSRF_SECRET: `${TEST_SECRET}-another` });
    try {
      const foreign = await tokenOfAnotherServer(other);
      expect(foreign).not.toBe(token);
      await refused(foreign, 'preview_invalid');
    } finally {
      await other.close();
    }
    // A saved change: the token of the revision before opens nothing (the draft has moved on).
    const saved = await call(editor, 'PUT', '/api/staff/definition/draft', { revision, files });
    expect(saved.statusCode).toBe(200);
    const next = saved.json<{ revision: number }>().revision;
    const moved = await previewRead(definitionAssetPaths.draftDefinition, token);
    expect(moved.statusCode).toBe(409);
    const current = (await previewToken(editor, next)).json<PreviewTokenAnswer>().token;
    expect((await previewRead(definitionAssetPaths.draftDefinition, current)).statusCode).toBe(200);
    // The token is no cookie: the staff API still wants a session.
    const staffRead = await app.inject({ url: `/api/staff/definition/draft?token=${encodeURIComponent(current)}` });
    expect(staffRead.statusCode).toBe(401);
    // Minutes later it has expired.
    now += PREVIEW_TOKEN_TTL_MS;
    await refused(current, 'preview_expired');
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
