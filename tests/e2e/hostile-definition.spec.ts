/**
 * An editor's JSON is data: a draft whose texts try every way out of a string, a comment or a
 * template into code is published, and neither Chromium (walking the form and its messages) nor the
 * server (validating a registration against it) runs any of it. Each text carries one payload: in a
 * browser it sets `window.__injected`; in Node it leaves a sentinel file. A draft that puts such a
 * text in `$id`, where ajv writes it into a comment, is refused and never published.
 * Its own server on its own SQLite file, so the other specs keep the shipped definition.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEFINITION_VERSION_HEADER, definitionStaffPaths } from '../../src/shared/contracts/definition.js';
import type { DraftAnswer } from '../../src/shared/contracts/definition.schemas.js';
import { XSRF_COOKIE, XSRF_HEADER } from '../../src/shared/contracts/wizard-api.js';
import { staffPaths } from '../../src/shared/contracts/staff.js';
import { expect, press, step, test } from './helpers.js';
import { projectRoot, startServer, type StartedServer } from './server.js';

const EDITOR = 'hostile-editor@e2e.invalid';
const PASSWORD = 'a long e2e password';
const sentinel = join(mkdtempSync(join(tmpdir(), 'pharmacy-e2e-sentinel-')), 'ran');
const PAYLOAD = `(globalThis.process ? process.getBuiltinModule('fs').writeFileSync('${sentinel}', '') : (globalThis.__injected = 1))`;

/** Ways out of a JavaScript string, comment or template, or out of HTML text, each with the payload and Persian words. */
const hostile = [
  `نام */ ${PAYLOAD} /*`,
  `نام </script><script>${PAYLOAD}</script>`,
  `نام ' + ${PAYLOAD} + '`,
  `نام " + ${PAYLOAD} + "`,
  `نام \` + ${PAYLOAD} + \``,
  `نام \${${PAYLOAD}}`,
  `نام \u2028${PAYLOAD}\u2029`,
  `نام <img src=x onerror="${PAYLOAD}">`,
];

type Json = Record<string, any>;

let server: StartedServer;
let editor: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/staff.ts', 'add', EDITOR, '--role', 'editor'], {
    cwd: projectRoot,
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: `sqlite:${server.databaseFile}` },
    encoding: 'utf8',
  });
  editor = await playwrightRequest.newContext({ baseURL: server.baseURL });
  await editor.get('/api/Register/Config');
  const signedIn = await editor.post(staffPaths.session, {
    data: { email: EDITOR, password: PASSWORD },
    headers: await antiForgery(editor),
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
});

test.afterAll(async () => {
  await editor?.dispose();
  await server?.stop();
});

async function antiForgery(context: APIRequestContext): Promise<Record<string, string>> {
  const cookie = (await context.storageState()).cookies.find((candidate) => candidate.name === XSRF_COOKIE);
  return { [XSRF_HEADER]: decodeURIComponent(cookie?.value ?? '') };
}

async function saveDraft(edit: (files: Json) => void): Promise<DraftAnswer> {
  const draft = (await (await editor.get(definitionStaffPaths.draft)).json()) as DraftAnswer;
  const files = structuredClone<Json>(draft.files);
  edit(files);
  const saved = await editor.put(definitionStaffPaths.draft, {
    data: { revision: draft.revision, files },
    headers: await antiForgery(editor),
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return (await saved.json()) as DraftAnswer;
}

/** Hostile texts where the wizard shows them: the step's title, a hint, a placeholder, options, messages. */
function withHostileTexts(files: Json): void {
  const schema = files['steps/pharmacy-info.schema.json'];
  schema.properties.name.description = hostile[1];
  schema.properties.name.errorMessage.required = hostile[2];
  schema.properties.type.oneOf[0].title = hostile[3];
  schema.properties.type.errorMessage = hostile[4];
  files['steps/pharmacy-info.ui.json'].name['ui:placeholder'] = hostile[7];
  files['steps/pharmacy-info.ui.json'].service['ui:placeholder'] = hostile[6];
  const pharmacyStep = files['wizard.json'].steps.find((candidate: Json) => candidate.id === 'pharmacy-info');
  pharmacyStep.title = hostile[0];
  schema.properties.service.description = hostile[5];
}

test('a draft that writes code into an $id is refused and never published', async () => {
  const draft = await saveDraft((files) => {
    files['steps/pharmacy-info.schema.json'].allOf = [{ if: { $id: `x */ ${PAYLOAD}; /*`, properties: {} }, then: {} }];
  });
  expect(draft.problems.length).toBeGreaterThan(0);
  const refused = await editor.post(definitionStaffPaths.publish, {
    data: { note: 'code in an $id' },
    headers: await antiForgery(editor),
  });
  expect(refused.status()).toBe(400);
  expect(existsSync(sentinel)).toBe(false);
});

test('texts that try to become code are shown as text in Chromium, and run nowhere', async ({ page }) => {
  test.setTimeout(120_000);
  const draft = await saveDraft((files) => {
    delete files['steps/pharmacy-info.schema.json'].allOf;
    withHostileTexts(files);
  });
  expect(draft.problems).toEqual([]);
  const published = await editor.post(definitionStaffPaths.publish, {
    data: { note: 'hostile texts' },
    headers: await antiForgery(editor),
  });
  expect(published.status(), await published.text()).toBe(200);
  const version = ((await published.json()) as { version: string }).version;

  await page.goto(`${server.baseURL}${step('welcome').route}`);
  await press(page, step('welcome').buttons!.next!);
  await expect(page.getByRole('heading', { name: hostile[0] })).toBeVisible();
  await expect(page.getByText(hostile[1], { exact: true })).toBeVisible();
  await expect(page.getByPlaceholder(hostile[7], { exact: true })).toBeVisible();
  // «next» with nothing filled in: every message of the step is shown, as text.
  await expect(page.getByText(hostile[5], { exact: true })).toBeVisible();
  await press(page, step('pharmacy-info').buttons!.next!);
  await expect(page.getByText(hostile[2], { exact: true }).first()).toBeVisible();
  await expect(page.getByText(hostile[4], { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => (globalThis as { __injected?: unknown }).__injected)).toBeUndefined();

  // The server validates a registration against the same version with its own generated code.
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
  const answer = await page.request.post(`${server.baseURL}/api/Register/Pharmacy`, {
    data: {},
    headers: { [XSRF_HEADER]: decodeURIComponent(token), [DEFINITION_VERSION_HEADER]: version },
  });
  expect(answer.status()).toBe(400);
  const refused = (await answer.json()) as { error: { fields?: Record<string, string> } };
  expect(Object.values(refused.error.fields ?? {})).toContain(hostile[2]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(existsSync(sentinel)).toBe(false);
  expect(await page.evaluate(() => (globalThis as { __injected?: unknown }).__injected)).toBeUndefined();
});
