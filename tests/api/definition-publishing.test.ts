import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemas } from '../../scripts/schemas-check/index.js';
import { problemWords } from '../../src/server/definition-check/index.js';
import { PROGRAM_FILES } from '../../src/shared/definition/definition-files.js';
import { fromRoot } from '../../src/server/paths.js';
import { findByTrackingCode } from '../../src/server/registration/registration.repository.js';
import { recentAudit } from '../../src/server/audit/audit.repository.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import {
  type DatabaseTarget,
  databaseTargets,
  openSession,
  postRegistration,
  signInStaff,
  solvedCaptcha,
  testApp,
  validRegistration,
} from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const targets = await databaseTargets();
const PASSWORD = 'a long enough password';
const HOUR = 3_600_000;
const STEP = 'steps/pharmacy-info.schema.json';

interface Staff {
  cookie: string;
  token: string;
}

interface Draft {
  revision: number;
  files: Record<string, any>;
  texts: Record<string, string>;
  problems: Array<{ file: string; line: number | null; pointer: string; message: string }>;
}

describe.each(targets)('publishing the wizard on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let now = Date.UTC(2026, 10, 20, 8);
  let firstVersion: string;

  const signIn = (email: string): Promise<Staff> => signInStaff(app, email, PASSWORD);

  function call(who: Staff, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
    return app.inject({
      method,
      url,
      headers: { cookie: who.cookie, 'x-xsrf-token': who.token, 'content-type': 'application/json' },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
  }

  async function draftOf(who: Staff): Promise<Draft> {
    const response = await call(who, 'GET', '/api/staff/definition/draft');
    expect(response.statusCode).toBe(200);
    return response.json<Draft>();
  }

  async function save(who: Staff, change: (files: Record<string, any>) => void): Promise<LightMyRequestResponse> {
    const draft = await draftOf(who);
    const files = structuredClone(draft.files);
    change(files);
    return call(who, 'PUT', '/api/staff/definition/draft', { revision: draft.revision, files });
  }

  async function register(version: string | undefined, overrides: Record<string, unknown> = {}) {
    const session = await openSession(app);
    const body = validRegistration(await solvedCaptcha(app, session), overrides);
    return postRegistration(app, session, body, version === undefined ? {} : { 'x-definition-version': version });
  }

  async function liveVersion(): Promise<string> {
    return (await app.inject({ url: '/api/Register/Config' })).json<{ definitionVersion: string }>().definitionVersion;
  }

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url }, { clock: () => now });
    for (const role of ['agent', 'editor', 'admin'] as const)
      await addStaffAccount(app.database.db, `${role}@example.ir`, role, PASSWORD, 0);
    firstVersion = await liveVersion();
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  const routes: Array<['GET' | 'PUT' | 'POST', string, unknown]> = [
    ['GET', '/api/staff/definition/versions', undefined],
    ['GET', '/api/staff/definition/draft', undefined],
    ['PUT', '/api/staff/definition/draft', { revision: 1, files: {} }],
    ['GET', '/api/staff/definition/diff', undefined],
    ['POST', '/api/staff/definition/publish', { note: 'x' }],
    ['POST', '/api/staff/definition/rollback', { version: '0123456789ab', note: 'x' }],
  ];

  it('answers 401 to an anonymous caller and 403 to an agent on every route, and lets editors and admins in', async () => {
    const anonymous = await openSession(app);
    const agent = await signIn('agent@example.ir');
    const editor = await signIn('editor@example.ir');
    const admin = await signIn('admin@example.ir');
    for (const [method, url, payload] of routes) {
      const nobody = await call({ cookie: anonymous.cookie, token: anonymous.token }, method, url, payload);
      expect([url, nobody.statusCode, nobody.json().error.code]).toEqual([url, 401, 'unauthenticated']);
      const refused = await call(agent, method, url, payload);
      expect([url, refused.statusCode, refused.json().error.code]).toEqual([url, 403, 'forbidden']);
    }
    for (const who of [editor, admin]) {
      expect((await call(who, 'GET', '/api/staff/definition/versions')).statusCode).toBe(200);
      expect((await call(who, 'GET', '/api/staff/definition/diff')).statusCode).toBe(200);
    }
    // An editor reaches no registration.
    expect((await call(editor, 'GET', '/api/staff/registrations')).statusCode).toBe(403);
  });

  it('starts from schemas/ as the one live version, with the draft a copy of it', async () => {
    const editor = await signIn('editor@example.ir');
    const versions = (await call(editor, 'GET', '/api/staff/definition/versions')).json();
    expect(versions).toEqual([
      { version: firstVersion, state: 'draft', publishedAt: null, publishedBy: null, note: null },
      { version: firstVersion, state: 'live', publishedAt: expect.any(Number), publishedBy: null, note: null },
    ]);
    const draft = await draftOf(editor);
    expect(Object.keys(draft.files)).toContain('wizard.json');
    expect(Object.keys(draft.files)).toContain(STEP);
    for (const program of PROGRAM_FILES) expect(Object.keys(draft.files)).not.toContain(program);
    expect(draft.problems).toEqual([]);
  });

  it('refuses a stale save with a Persian message and keeps what was saved; of two saves at one revision exactly one wins', async () => {
    const editor = await signIn('editor@example.ir');
    const admin = await signIn('admin@example.ir');
    const read = await draftOf(editor);
    const first = structuredClone(read.files);
    first[STEP].title = 'اطلاعات داروخانه (ویرایش نخست)';
    const saved = await call(editor, 'PUT', '/api/staff/definition/draft', { revision: read.revision, files: first });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().revision).toBe(read.revision + 1);

    const second = structuredClone(read.files);
    second[STEP].title = 'ویرایش دیرهنگام';
    const stale = await call(admin, 'PUT', '/api/staff/definition/draft', { revision: read.revision, files: second });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: { code: 'draft_stale', message: fa.errors.draft_stale } });
    expect((await draftOf(editor)).files[STEP].title).toBe('اطلاعات داروخانه (ویرایش نخست)');

    const current = await draftOf(editor);
    const racing = await Promise.all(
      ['الف', 'ب', 'پ', 'ت'].map((letter) => {
        const files = structuredClone(current.files);
        files[STEP].title = `اطلاعات داروخانه ${letter}`;
        return call(letter === 'الف' ? editor : admin, 'PUT', '/api/staff/definition/draft', {
          revision: current.revision,
          files,
        });
      }),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = racing.find((response) => response.statusCode === 200)!;
    const after = await draftOf(editor);
    expect(after.revision).toBe(winner.json().revision);
    expect(after.revision).toBe(current.revision + 1);
    // Back to the live files, so the next tests start from them.
    const reset = await call(editor, 'PUT', '/api/staff/definition/draft', {
      revision: after.revision,
      files: read.files,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('keeps a file as typed, even before it is valid JSON, and reports it at its line', async () => {
    const editor = await signIn('editor@example.ir');
    const draft = await draftOf(editor);
    const broken = draft.texts[STEP].replace('"minLength": 2,', '"minLength": 2,,');
    const response = await call(editor, 'PUT', '/api/staff/definition/draft', {
      revision: draft.revision,
      files: { ...draft.files, [STEP]: null },
      texts: { [STEP]: broken },
    });
    expect(response.statusCode).toBe(200);
    const problem = response.json().problems.find((found: { file: string }) => found.file === STEP);
    expect(problem).toMatchObject({ file: STEP, code: 'json-syntax', pointer: '' });
    expect(problem.message).toMatch(/not valid JSON/);
    expect((await draftOf(editor)).texts[STEP]).toBe(broken);
    const fixed = await call(editor, 'PUT', '/api/staff/definition/draft', {
      revision: response.json().revision,
      files: draft.files,
    });
    expect(fixed.json().problems).toEqual([]);
  });

  it('reports the checker’s problems in the words of npm run schemas:check, and refuses to publish while there are any', async () => {
    const editor = await signIn('editor@example.ir');
    const saved = await save(editor, (files) => {
      files[STEP].properties.name.pattern = '^[0-9';
    });
    expect(saved.statusCode).toBe(200);
    const problems = saved.json().problems;
    expect(problems.length).toBeGreaterThan(0);

    // The same files in a folder, checked by the CLI's own function: the same problems, lines and words.
    const draft = await draftOf(editor);
    const dir = mkdtempSync(join(tmpdir(), 'draft-'));
    for (const [path, text] of Object.entries(draft.texts)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    for (const program of PROGRAM_FILES) cpSync(fromRoot('schemas', program), join(dir, program));
    const cli = checkSchemas(dir).problems.map((problem) => ({
      file: problem.file,
      line: problem.line ?? null,
      pointer: problem.pointer,
      message: problemWords(problem),
    }));
    expect(
      problems.map(({ file, line, pointer, message }: Draft['problems'][number]) => ({ file, line, pointer, message })),
    ).toEqual(cli);
    expect(problems[0]).toMatchObject({ file: STEP, pointer: '/properties/name/pattern', line: expect.any(Number) });

    const refused = await call(editor, 'POST', '/api/staff/definition/publish', { note: 'الگوی نام' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'definition_problems', message: fa.errors.definition_problems });
    expect(refused.json().error.problems).toEqual(problems);
    expect(await liveVersion()).toBe(firstVersion);
    await save(editor, (files) => {
      delete files[STEP].properties.name.pattern;
    });
  });

  it('publishes with a note: a new field is required from then on, and registrations still filling the old version are accepted for the grace window', async () => {
    const editor = await signIn('editor@example.ir');
    const admin = await signIn('admin@example.ir');
    const saved = await save(editor, (files) => {
      files[STEP].properties.licenceNumber = {
        type: 'string',
        title: 'شماره پروانه',
        pattern: '^[0-9]{4,10}$',
        normalize: 'digits',
        errorMessage: { required: 'شماره پروانه را بنویسید.', pattern: 'شماره پروانه فقط رقم است.' },
      };
      files[STEP].required.push('licenceNumber');
      files['registration.schema.json'].properties.licenceNumber = { $ref: `${STEP}#/properties/licenceNumber` };
      files['registration.schema.json'].required.push('licenceNumber');
      files['steps/pharmacy-info.ui.json']['ui:order'].push('licenceNumber');
      files[STEP].properties.type.oneOf.push({ const: 7, title: 'داروخانهٔ آزمایشی' });
    });
    expect(saved.json().problems).toEqual([]);

    const diff = (await call(editor, 'GET', '/api/staff/definition/diff')).json();
    expect(diff.liveVersion).toBe(firstVersion);
    expect(diff.changes.map((change: { words: string }) => change.words)).toEqual(
      expect.arrayContaining([
        'فیلد «شماره پروانه» به مرحلهٔ «اطلاعات داروخانه» افزوده شد.',
        'گزینهٔ «داروخانهٔ آزمایشی» به فیلد «نوع داروخانه» در مرحلهٔ «اطلاعات داروخانه» افزوده شد.',
        'ترتیب یا نمایش فیلدهای مرحلهٔ «اطلاعات داروخانه» تغییر کرد.',
      ]),
    );
    expect(diff.files.map((file: { file: string }) => file.file)).toEqual([
      'registration.schema.json',
      'steps/pharmacy-info.schema.json',
      'steps/pharmacy-info.ui.json',
    ]);
    expect(diff.files[1]).toEqual({
      file: STEP,
      status: 'changed',
      live: expect.stringContaining('"name"'),
      draft: expect.stringContaining('"licenceNumber"'),
    });

    const noNote = await call(editor, 'POST', '/api/staff/definition/publish', { note: '  ' });
    expect(noNote.json()).toEqual({ error: { code: 'note_required', message: fa.errors.note_required } });
    expect(await liveVersion()).toBe(firstVersion);

    const published = await call(editor, 'POST', '/api/staff/definition/publish', { note: 'شماره پروانه' });
    expect(published.statusCode).toBe(200);
    const version = published.json().version as string;
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(version).not.toBe(firstVersion);
    expect(version).toBe(diff.draftVersion);
    expect(await liveVersion()).toBe(version);
    expect(app.definitions.live().version).toBe(version);
    // The console's list filters follow the published version: the new option is a filter at once.
    const filters = (await call(admin, 'GET', '/api/staff/filters')).json();
    expect(filters.type.choices).toContainEqual({ id: 7, title: 'داروخانهٔ آزمایشی' });
    const again = await call(editor, 'POST', '/api/staff/definition/publish', { note: 'دوباره' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('definition_unchanged');

    const versions = (await call(editor, 'GET', '/api/staff/definition/versions')).json();
    expect(versions.slice(1)).toEqual([
      { version, state: 'live', publishedAt: now, publishedBy: 'editor@example.ir', note: 'شماره پروانه' },
      { version: firstVersion, state: 'past', publishedAt: expect.any(Number), publishedBy: null, note: null },
    ]);
    const audit = await recentAudit(app.database.db, 5);
    expect(audit[0]).toMatchObject({
      action: 'definition_publish',
      actor: 'editor@example.ir',
      at: new Date(now).toISOString(),
    });
    expect(audit[0].detail).toEqual({ version, previousVersion: firstVersion, note: 'شماره پروانه' });

    // The live version asks for the new field, with its own message …
    const live = await register(undefined);
    expect(live.statusCode).toBe(400);
    expect(live.json().error.fields).toEqual({ '/licenceNumber': 'شماره پروانه را بنویسید.' });
    expect((await register(version, { licenceNumber: '۱۲۳۴۵' })).statusCode).toBe(200);
    // … a manager who loaded the first version finishes on it, checked against it …
    now += 23 * HOUR;
    const old = await register(firstVersion);
    expect(old.statusCode).toBe(200);
    const row = await findByTrackingCode(app.database.db, old.json().trackingCode);
    expect(row?.definition_version).toBe(firstVersion);
    // … and the first version's own rules still hold for it: its registration has no licence number.
    expect((await register(firstVersion, { licenceNumber: '12345' })).statusCode).toBe(400);
    // Past the window the old version is refused with a code the wizard acts on.
    now += 2 * HOUR;
    const late = await register(firstVersion);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: { code: 'definition_outdated', message: fa.errors.definition_outdated } });
    expect((await register('ffffffffffff')).json().error.code).toBe('definition_outdated');
  });

  it('rolls back in one action: the earlier version is live again, audited, and the one it replaced is accepted for the window', async () => {
    const editor = await signIn('editor@example.ir');
    const replaced = await liveVersion();
    const missingNote = await call(editor, 'POST', '/api/staff/definition/rollback', {
      version: firstVersion,
      note: '',
    });
    expect(missingNote.json().error.code).toBe('note_required');
    const unknown = await call(editor, 'POST', '/api/staff/definition/rollback', {
      version: 'abcdefabcdef',
      note: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('version_unknown');

    const rolledBack = await call(editor, 'POST', '/api/staff/definition/rollback', {
      version: firstVersion,
      note: 'بازگشت به فرم پیشین',
    });
    expect(rolledBack.statusCode).toBe(200);
    expect(rolledBack.json()).toEqual({ version: firstVersion });
    expect(await liveVersion()).toBe(firstVersion);
    expect(
      app.definitions.live().wizard.steps.find((step) => step.id === 'pharmacy-info')?.jsonSchema?.required,
    ).not.toContain('licenceNumber');
    const versions = (await call(editor, 'GET', '/api/staff/definition/versions')).json();
    expect(versions.slice(1)).toEqual([
      {
        version: firstVersion,
        state: 'live',
        publishedAt: now,
        publishedBy: 'editor@example.ir',
        note: 'بازگشت به فرم پیشین',
      },
      {
        version: replaced,
        state: 'past',
        publishedAt: expect.any(Number),
        publishedBy: 'editor@example.ir',
        note: 'شماره پروانه',
      },
    ]);
    const [event] = await recentAudit(app.database.db, 1);
    expect(event).toMatchObject({ action: 'definition_rollback', actor: 'editor@example.ir' });
    expect(event.detail).toEqual({
      version: firstVersion,
      previousVersion: replaced,
      note: 'بازگشت به فرم پیشین',
    });
    expect((await register(firstVersion)).statusCode).toBe(200);
    expect((await register(replaced, { licenceNumber: '12345' })).statusCode).toBe(200);
    // The draft is left as the editor had it: the rolled-back field is still there to work on.
    expect((await draftOf(editor)).files[STEP].properties.licenceNumber).toBeDefined();
  });
});
