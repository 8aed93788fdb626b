/**
 * Publishing as it will be tried: an editor publishes a changed label and a new option through the
 * staff API (the console's editor is tried in its own spec); with no build and no restart a new
 * visitor gets them in the first HTML and in the form, a second server process on the same
 * PostgreSQL serves them within 5 s, a manager who was halfway through the old version finishes
 * on it, and a rollback brings the old label back. Two servers of their own on a fresh PostgreSQL
 * database, so the rest of the suite keeps the shipped definition.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import pg from 'pg';
import { definitionStaffPaths } from '../../src/shared/contracts/definition.js';
import type { DraftAnswer } from '../../src/shared/contracts/definition.schemas.js';
import { staffPaths } from '../../src/shared/contracts/staff.js';
import {
  acceptTerms,
  answerCaptcha,
  choose,
  expect,
  fa,
  field,
  fillManager,
  goToManager,
  press,
  samplePharmacy,
  sampleManager,
  step,
  test,
  title,
} from './helpers.js';
import { projectRoot, startServer, type StartedServer } from './server.js';

const EDITOR = 'editor@e2e.invalid';
const PASSWORD = 'a long e2e password';
const OLD_LABEL = title('pharmacy-info', 'name');
const NEW_LABEL = 'نام کامل داروخانه، همان‌طور که در پروانه آمده است';
const NEW_OPTION = { const: 15, title: 'داروخانهٔ مجازی' };

let database: { url: string; drop: () => Promise<void> };
let first: StartedServer;
let second: StartedServer;
let editor: APIRequestContext;
let originalVersion: string;

test.describe.configure({ mode: 'serial' });

/**
 * A fresh PostgreSQL database on TEST_DATABASE_URL's server (as in production, where several
 * processes share one); without that variable, a SQLite file both processes open (and a note says so).
 */
async function sharedDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('e2e publish: TEST_DATABASE_URL is not set; the two servers share a SQLite file instead');
    const folder = mkdtempSync(join(tmpdir(), 'pharmacy-e2e-publish-'));
    return {
      url: `sqlite:${join(folder, 'shared.db')}`,
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const name = `e2e_publish_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** `npm run staff -- add EMAIL --role editor`, as an admin runs it on the server. */
function addEditor(databaseUrl: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/staff.ts', 'add', EDITOR, '--role', 'editor'], {
    cwd: projectRoot,
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
}

/** An editor's API session on the first server (cookies kept by the context). */
async function signInEditor(baseURL: string): Promise<APIRequestContext> {
  const session = await playwrightRequest.newContext({ baseURL });
  await session.get('/api/Register/Config');
  const answer = await session.post(staffPaths.session, {
    data: { email: EDITOR, password: PASSWORD },
    headers: await antiForgery(session),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return session;
}

/** The header every staff write carries: the XSRF-TOKEN cookie echoed. */
async function antiForgery(session: APIRequestContext): Promise<Record<string, string>> {
  const cookie = (await session.storageState()).cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
}

async function liveVersion(server: StartedServer): Promise<string> {
  const context = await playwrightRequest.newContext();
  const config = (await (await context.get(`${server.baseURL}/api/Register/Config`)).json()) as {
    definitionVersion: string;
  };
  await context.dispose();
  return config.definitionVersion;
}

/** The pharmacy step's first HTML, as a new visitor's browser receives it. */
async function pharmacyPage(server: StartedServer): Promise<string> {
  const answer = await fetch(`${server.baseURL}${step('pharmacy-info').route}`);
  expect(answer.status).toBe(200);
  return answer.text();
}

/** Publishes the draft with the new label of the pharmacy name and one more pharmacy type. */
async function publishChange(): Promise<string> {
  const draft = (await (await editor.get(definitionStaffPaths.draft)).json()) as DraftAnswer;
  const files = structuredClone(draft.files) as Record<string, { properties: Record<string, Record<string, unknown>> }>;
  const schema = files['steps/pharmacy-info.schema.json'];
  schema.properties.name.title = NEW_LABEL;
  (schema.properties.type.oneOf as unknown[]).push(NEW_OPTION);
  const saved = await editor.put(definitionStaffPaths.draft, {
    data: { revision: draft.revision, files },
    headers: await antiForgery(editor),
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await editor.post(definitionStaffPaths.publish, {
    data: { note: 'e2e: a clearer label and a new pharmacy type' },
    headers: await antiForgery(editor),
  });
  expect(published.status(), await published.text()).toBe(200);
  return ((await published.json()) as { version: string }).version;
}

test.beforeAll(async () => {
  // Two servers and a database of their own: a while on a busy machine, once per project.
  test.setTimeout(180_000);
  database = await sharedDatabase();
  const env = { CSRF_SECRET: randomBytes(24).toString('hex'), DEFINITION_POLL_MS: '500' };
  first = await startServer({ databaseUrl: database.url, env });
  second = await startServer({ databaseUrl: database.url, env });
  addEditor(database.url);
  editor = await signInEditor(first.baseURL);
  originalVersion = await liveVersion(first);
});

test.afterAll(async () => {
  await editor?.dispose();
  await second?.stop();
  await first?.stop();
  await database?.drop();
});

async function openPharmacyStep(page: Page, server: StartedServer): Promise<void> {
  await page.goto(`${server.baseURL}${step('welcome').route}`);
  await press(page, step('welcome').buttons!.next!);
  await expect(page).toHaveURL(/\/pharmacy-info$/);
}

test('a manager halfway through the old version finishes on it after a publish; visitors and the second process get the new one', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Halfway: the manager reached /manager on the version live when they started.
  await page.goto(`${first.baseURL}/welcome`);
  await goToManager(page, { pharmacy: samplePharmacy() });

  const published = await publishChange();
  expect(published).not.toBe(originalVersion);

  // The publishing process sends the new page at once: the label in the first HTML, no restart.
  const html = await pharmacyPage(first);
  expect(html).toContain(NEW_LABEL);
  expect(html).not.toContain(`>${OLD_LABEL}<`);
  expect(html).toContain(`/api/definition/${published}/definition.json`);

  // The second process on the same PostgreSQL serves it within 5 s.
  const started = Date.now();
  await expect.poll(async () => (await pharmacyPage(second)).includes(NEW_LABEL), { timeout: 5_000 }).toBe(true);
  expect(Date.now() - started).toBeLessThan(5_000);

  // A new visitor sees the new label and the new option in the form, on either process.
  for (const server of [first, second]) {
    const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const fresh = await visitor.newPage();
    await openPharmacyStep(fresh, server);
    await expect(field(fresh, NEW_LABEL)).toBeVisible();
    await expect(fresh.locator('#root[data-hydrated]')).toHaveCount(1);
    await choose(fresh, title('pharmacy-info', 'type'), NEW_OPTION.title);
    await visitor.close();
  }

  // The manager's tab still has the version it started on: they finish, and see no error.
  await fillManager(page, sampleManager);
  await answerCaptcha(page, true);
  await acceptTerms(page);
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/Register/Pharmacy'));
  await press(page, step('manager').buttons!.submit!);
  const response = await posted;
  expect(response.request().headers()['x-definition-version']).toBe(originalVersion);
  expect(response.status()).toBe(200);
  await expect(page.getByRole('heading', { name: fa.registration.successHeading })).toBeVisible();
});

test('a rollback brings the old label back, on both processes', async ({ page }) => {
  const answer = await editor.post(definitionStaffPaths.rollback, {
    data: { version: originalVersion, note: 'e2e: back to the shipped label' },
    headers: await antiForgery(editor),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await liveVersion(first)).toBe(originalVersion);
  expect(await pharmacyPage(first)).toContain(`>${OLD_LABEL}<`);
  await expect.poll(async () => (await pharmacyPage(second)).includes(`>${OLD_LABEL}<`), { timeout: 5_000 }).toBe(true);
  await openPharmacyStep(page, second);
  await expect(field(page, OLD_LABEL)).toBeVisible();
  await expect(page.getByText(NEW_LABEL)).toHaveCount(0);
});
