/**
 * «ویرایش فرم» in Chromium against the built server on its own SQLite file (a publish here must not
 * change the wizard the other specs walk): an editor made with the CLI signs in, changes a label
 * and an option in CodeMirror, breaks a pattern and reads the checker's message at its line, fixes
 * it, publishes with a note and publishes the earlier version again from the versions list.
 */
import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import {
  acceptTerms,
  answerCaptcha,
  expect,
  expectNoAxeViolations,
  fa,
  faConsole,
  fillLocation,
  fillManager,
  fillPharmacyInfo,
  message,
  press,
  sampleLocation,
  sampleManager,
  samplePharmacy,
  screenshot,
  step,
  test,
  wizard,
} from './helpers.js';
import { projectRoot, startServer, type StartedServer } from './server.js';
import { fill } from '../../src/shared/text/persian.js';
import type { DraftAnswer } from '../../src/shared/contracts/definition.schemas.js';
import { definitionAssetPaths } from '../../src/shared/definition/definition-assets.js';
import type { PreviewTokenAnswer } from '../../src/shared/contracts/definition.schemas.js';
import { XSRF_COOKIE, XSRF_HEADER } from '../../src/shared/contracts/wizard-api.js';

const PASSWORD = 'a long e2e password';

test.describe.configure({ mode: 'serial' });

let server: StartedServer;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server.stop();
});

/** `npm run staff` as an admin runs it on the server, the password on standard input. */
function staffCli(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/staff.ts', ...args], {
    cwd: projectRoot,
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: `sqlite:${server.databaseFile}` },
    encoding: 'utf8',
  });
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${server.baseURL}/staff`);
  await page.getByLabel(faConsole.staff.email).fill(email);
  await page.getByLabel(faConsole.staff.password).fill(PASSWORD);
  await page.getByRole('button', { name: faConsole.staff.signIn }).click();
}

function codeOf(page: Page, file: string): Locator {
  return page.getByRole('textbox', { name: fill(faConsole.editor.codeLabel, { file }) });
}

async function openFile(page: Page, file: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: faConsole.editor.files })
    .getByRole('button', { name: file, exact: true })
    .click();
  const code = codeOf(page, file);
  await expect(code).toBeVisible();
  return code;
}

/**
 * Replaces the first `find` in the open file with `replacement`, as a person does: Ctrl+F in the
 * editor, the text found, the panel closed, the selection typed over.
 */
async function replaceInFile(page: Page, code: Locator, find: string, replacement: string): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/staff/definition/draft') && response.request().method() === 'PUT',
  );
  await code.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+f');
  const search = page.getByRole('textbox', { name: faConsole.editor.codeMirror.Find });
  await search.fill(find);
  // The panel reads its field on key-up; Enter then finds the text and selects it.
  await search.press('End');
  await search.press('Enter');
  await search.press('Escape');
  await expect(code).toBeFocused();
  await page.keyboard.insertText(replacement);
  // Saved once typing pauses.
  expect((await saved).status()).toBe(200);
}

/**
 * Sets the draft to the live version's files (the tests before may have left their edits in it:
 * publishing and rolling back leave the draft as it was) and gives its new revision.
 */
async function draftFromLive(page: Page): Promise<number> {
  const config = (await (await fetch(`${server.baseURL}/api/Register/Config`)).json()) as { definitionVersion: string };
  const live = (await (
    await fetch(`${server.baseURL}/api/definition/${config.definitionVersion}/definition.json`)
  ).json()) as { files: Record<string, unknown> };
  const draft = (await (await page.request.get(`${server.baseURL}/api/staff/definition/draft`)).json()) as DraftAnswer;
  const token = (await page.context().cookies()).find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
  const saved = await page.request.put(`${server.baseURL}/api/staff/definition/draft`, {
    data: { revision: draft.revision, files: live.files },
    headers: { [XSRF_HEADER]: token },
  });
  expect(saved.status()).toBe(200);
  return ((await saved.json()) as { revision: number }).revision;
}

/**
 * Activates a link or button inside the preview frame from the keyboard, as a keyboard user does.
 * Chromium runs the sandboxed frame in a process of its own, and Playwright aims a pointer click
 * into such a frame without the frame's CSS scale (the phone's preview is drawn at 75 %), so a
 * click would land beside the control.
 */
async function pressInFrame(target: Locator): Promise<void> {
  await target.press('Enter');
}

/** The page a new visitor's browser is sent first. */
async function firstHtml(path: string): Promise<string> {
  const answer = await fetch(`${server.baseURL}${path}`);
  expect(answer.ok).toBe(true);
  return answer.text();
}

async function savedDraft(page: Page): Promise<DraftAnswer> {
  await expect(page.getByRole('status').filter({ hasText: faConsole.editor.status.saved })).toBeVisible();
  const answer = await page.request.get(`${server.baseURL}/api/staff/definition/draft`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as DraftAnswer;
}

const LABEL = '"title": "نام داروخانه"';
const NEW_LABEL = '"title": "نام کامل داروخانه"';
const LAST_SERVICE = '{ "const": 14, "title": "وابسته به سازمان‌ها و نهادها" }';
const NEW_SERVICE = '{ "const": 15, "title": "داخل مجتمع پزشکی" }';
const PATTERN = '"pattern": "^[0-9]{10}$"';
const BROKEN_PATTERN = '"pattern": "^[0-9{10}$"';

test('an editor changes a label and an option, reads the checker at its line, publishes with a note and rolls back', async ({
  page,
  problems,
}, testInfo) => {
  // Signed out, the console's first question (who is signed in?) is answered 401: expected.
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const editor = `editor-${testInfo.project.name}@example.ir`;
  expect(staffCli('add', editor, '--role', 'editor')).toContain('Added');
  const liveBefore = (
    (await (await fetch(`${server.baseURL}/api/Register/Config`)).json()) as { definitionVersion: string }
  ).definitionVersion;

  await signIn(page, editor);
  // An editor's console is the editor: no registration list.
  await expect(page.getByRole('heading', { name: faConsole.editor.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(faConsole.editor.noProblems)).toBeVisible();

  // A label and an option of /pharmacy-info.
  const info = await openFile(page, 'steps/pharmacy-info.schema.json');
  await expect(info).toContainText('نام داروخانه');
  await expectNoAxeViolations(page, 'the editor with a file open');
  await replaceInFile(page, info, LABEL, NEW_LABEL);
  await replaceInFile(page, info, LAST_SERVICE, `${LAST_SERVICE},\n        ${NEW_SERVICE}`);
  let draft = await savedDraft(page);
  expect(draft.texts['steps/pharmacy-info.schema.json']).toContain(NEW_LABEL);
  expect(draft.texts['steps/pharmacy-info.schema.json']).toContain(NEW_SERVICE);
  expect(draft.problems).toEqual([]);

  // The preview: the real wizard from the draft, at phone width first, then desktop.
  await page.getByRole('button', { name: faConsole.editor.tabs.preview }).click();
  const frame = page.frameLocator(`iframe[title="${faConsole.editor.preview.frameTitle}"]`);
  await expect(page.locator('iframe')).toHaveAttribute('width', '360');
  const start = wizard.steps[0].buttons!.next!;
  await pressInFrame(frame.getByRole('link', { name: start }).or(frame.getByRole('button', { name: start })));
  // The new label, the new option, and the step's own validation.
  await expect(frame.getByRole('textbox', { name: /نام کامل داروخانه/ })).toBeVisible();
  const service = frame.getByRole('combobox', { name: /نوع خدمت/ });
  await service.selectOption({ label: 'داخل مجتمع پزشکی' });
  await pressInFrame(frame.getByRole('button', { name: step('pharmacy-info').buttons!.next! }));
  await expect(frame.getByText(message('pharmacy-info', 'name')).first()).toBeVisible();
  await page.getByRole('radio', { name: faConsole.editor.preview.desktop }).check();
  await expect(page.locator('iframe')).toHaveAttribute('width', '1280');
  await screenshot(page, testInfo, 'editor-preview');
  await page.getByRole('button', { name: faConsole.editor.tabs.edit }).click();

  // A broken pattern: the checker's own words, in the list and at the pattern's line.
  const manager = await openFile(page, 'steps/manager.schema.json');
  await replaceInFile(page, manager, PATTERN, BROKEN_PATTERN);
  draft = await savedDraft(page);
  const text = draft.texts['steps/manager.schema.json'];
  const line = text.split('\n').findIndex((row) => row.includes(BROKEN_PATTERN)) + 1;
  expect(draft.problems.length).toBeGreaterThan(0);
  const problem = draft.problems.find((found) => found.file === 'steps/manager.schema.json');
  expect(problem?.line).toBe(line);
  const list = page.getByRole('region', { name: faConsole.editor.problems });
  await expect(list.getByText(problem!.message)).toBeVisible();
  // The broken mobile pattern is also below the floor of the stored mobile column: two problems, one line.
  await expect(
    list
      .getByRole('button', { name: `steps/manager.schema.json · ${fill(faConsole.editor.lineOf, { line })}` })
      .first(),
  ).toBeVisible();
  // In the code: the line is marked, and the list moves the cursor to it.
  await expect(manager.locator('.cm-lintRange-error')).toContainText('^[0-9{10}$');
  await page
    .getByRole('navigation', { name: faConsole.editor.files })
    .getByRole('button', { name: 'wizard.json', exact: true })
    .click();
  await list
    .getByRole('button', { name: `steps/manager.schema.json · ${fill(faConsole.editor.lineOf, { line })}` })
    .first()
    .click();
  await expect(codeOf(page, 'steps/manager.schema.json').locator('.cm-activeLine')).toContainText(BROKEN_PATTERN);
  await expect(page.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText(String(line));
  await screenshot(page, testInfo, 'editor-problem');

  // Publishing is refused while the checker reports a problem.
  await page.getByRole('button', { name: faConsole.editor.tabs.publish }).click();
  await expect(page.getByText(fill(faConsole.editor.publish.blocked, { count: draft.problems.length }))).toBeVisible();
  await expect(page.getByRole('button', { name: faConsole.editor.publish.submit })).toBeDisabled();

  // Fixed, the problem goes; the diff says what changed, in words and as JSON.
  await page.getByRole('button', { name: faConsole.editor.tabs.edit }).click();
  await replaceInFile(page, codeOf(page, 'steps/manager.schema.json'), BROKEN_PATTERN, PATTERN);
  draft = await savedDraft(page);
  expect(draft.problems).toEqual([]);
  await expect(page.getByText(faConsole.editor.noProblems)).toBeVisible();
  await page.getByRole('button', { name: faConsole.editor.tabs.publish }).click();
  const changes = page.locator('.definition-changes');
  await expect(changes).toContainText('داخل مجتمع پزشکی');
  await expect(changes).toContainText('نام کامل داروخانه');
  await page.getByText(faConsole.editor.publish.raw).click();
  await expect(page.locator('.definition-raw pre').last()).toContainText('"title": "داخل مجتمع پزشکی"');
  await expectNoAxeViolations(page, 'the publish tab');
  await screenshot(page, testInfo, 'editor-publish');

  // A note is required; then the draft goes live.
  const publish = page.getByRole('button', { name: faConsole.editor.publish.submit });
  await publish.click();
  await expect(page.getByText(faConsole.editor.publish.noteRequired)).toBeVisible();
  await page.getByLabel(faConsole.editor.publish.note).fill('گزینهٔ داخل مجتمع پزشکی و نام کامل داروخانه');
  await publish.click();
  await expect(page.getByRole('status').filter({ hasText: 'منتشر شد' })).toBeVisible();
  const config = (await (await fetch(`${server.baseURL}/api/Register/Config`)).json()) as { definitionVersion: string };
  expect(config.definitionVersion).not.toBe(liveBefore);
  // A new visitor gets the new label in the first HTML, with no build and no restart.
  expect(await firstHtml('/pharmacy-info')).toContain('نام کامل داروخانه');

  // The versions: the new one live, by this editor with its note; the earlier one published again.
  await page.getByRole('button', { name: faConsole.editor.tabs.versions }).click();
  const live = page.locator('tr[data-state="live"]');
  await expect(live).toContainText(editor);
  await expect(live).toContainText('گزینهٔ داخل مجتمع پزشکی');
  await expectNoAxeViolations(page, 'the versions tab');
  const earlier = page.locator('tr[data-state="past"]').filter({ hasText: liveBefore.slice(0, 10) });
  await earlier.getByRole('button', { name: faConsole.editor.versions.republish }).click();
  await earlier.getByLabel(faConsole.editor.versions.rollbackNote).fill('بازگشت به نسخهٔ پیشین برای آزمایش');
  await earlier.getByRole('button', { name: faConsole.editor.versions.confirmRollback }).click();
  await expect(page.getByRole('status').filter({ hasText: 'دوباره منتشر شد' })).toBeVisible();
  await expect(page.locator('tr[data-state="live"]')).toContainText(liveBefore.slice(0, 10));
  const back = (await (await fetch(`${server.baseURL}/api/Register/Config`)).json()) as { definitionVersion: string };
  expect(back.definitionVersion).toBe(liveBefore);
  // The rollback brings the old label back.
  const html = await firstHtml('/pharmacy-info');
  expect(html).not.toContain('نام کامل داروخانه');
  expect(html).toContain('نام داروخانه');
});

test('two editors on one draft: the later save of the stale one is refused, nothing is overwritten, and it says what to do', async ({
  page,
  browser,
  problems,
}, testInfo) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  // The refused save: a 409 the editor answers with its own Persian message.
  problems.allow(/409 \(Conflict\) @ .*\/api\/staff\/definition\/draft$/);
  const first = `first-${testInfo.project.name}@example.ir`;
  const second = `second-${testInfo.project.name}@example.ir`;
  staffCli('add', first, '--role', 'editor');
  staffCli('add', second, '--role', 'editor');
  await signIn(page, first);
  const mine = await openFile(page, 'wizard.json');

  // A colleague, in another browser, opens the same draft and saves first.
  const other = await browser.newContext({ baseURL: server.baseURL, locale: 'fa-IR' });
  const theirs = await other.newPage();
  await signIn(theirs, second);
  const theirCode = await openFile(theirs, 'wizard.json');
  await replaceInFile(theirs, theirCode, '"title": "پیش‌ثبت‌نام داروخانه"', '"title": "پیش‌ثبت‌نام داروخانه‌ها"');

  // My save, based on the revision before theirs, is refused.
  await mine.click();
  await page.keyboard.press('ControlOrMeta+End');
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/api/staff/definition/draft') && response.request().method() === 'PUT',
  );
  await page.keyboard.insertText(' ');
  expect((await refused).status()).toBe(409);
  await expect(page.getByRole('alert').filter({ hasText: faConsole.editor.conflict })).toContainText(
    faConsole.editor.conflictHelp,
  );
  const stored = (await (
    await theirs.request.get(`${server.baseURL}/api/staff/definition/draft`)
  ).json()) as DraftAnswer;
  expect(stored.texts['wizard.json']).toContain('پیش‌ثبت‌نام داروخانه‌ها');
  await expectNoAxeViolations(page, 'a refused save');

  // Reloading the draft brings the colleague's text; saving works again from there.
  await page.getByRole('button', { name: faConsole.editor.reload }).click();
  await expect(codeOf(page, 'wizard.json')).toContainText('پیش‌ثبت‌نام داروخانه‌ها');
  await replaceInFile(page, codeOf(page, 'wizard.json'), 'داروخانه‌ها"', 'داروخانه"');
  await expect(page.getByRole('status').filter({ hasText: faConsole.editor.status.saved })).toBeVisible();
  await other.close();
});

test('the preview walks every step of the draft and stores nothing: the last step shows the body it would have posted', async ({
  page,
  problems,
}, testInfo) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const editor = `walker-${testInfo.project.name}@example.ir`;
  staffCli('add', editor, '--role', 'editor');
  await signIn(page, editor);
  await expect(page.getByRole('heading', { name: faConsole.editor.title, level: 1 })).toBeVisible();
  const revision = await draftFromLive(page);

  // The frame's page on its own: the wizard from the draft, walked as a manager walks it. Its CSP
  // sandboxes it here too, so it reads the draft with the token the console would give the frame.
  const given = await page.request.get(`${server.baseURL}${definitionAssetPaths.previewToken}?revision=${revision}`);
  expect(given.status()).toBe(200);
  const { token } = (await given.json()) as PreviewTokenAnswer;
  await page.goto(`${server.baseURL}/staff/definition/preview/${revision}/#${new URLSearchParams({ token })}`);
  await press(page, wizard.steps[0].buttons!.next!);
  const pharmacy = samplePharmacy();
  await fillPharmacyInfo(page, pharmacy);
  await press(page, step('pharmacy-info').buttons!.next!);
  await fillLocation(page, sampleLocation);
  await press(page, step('location').buttons!.next!);
  await fillManager(page, sampleManager);
  await answerCaptcha(page, true);
  await acceptTerms(page);
  await press(page, step('manager').buttons!.submit!);

  // The body that would have been posted, in place of a tracking code.
  const body = page.locator(`pre[aria-label="${fa.wizardVersions.previewHeading}"]`);
  await expect(body).toContainText(`"name": "${pharmacy.name}"`);
  await expect(body).toContainText('"adminData"');
  expect(page.url()).toContain(`/staff/definition/preview/${revision}/`);
  await expectNoAxeViolations(page, "the preview's last step");
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  try {
    expect(db.prepare('SELECT count(*) AS count FROM registrations').get()).toEqual({ count: 0 });
  } finally {
    db.close();
  }
});

test("the preview runs sandboxed: the draft's first step shows, and its script has no cookie, no console and no staff API", async ({
  page,
  problems,
}, testInfo) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  // The frame's own attempt at the staff API is refused by the browser (no CORS): expected here.
  problems.allow(/blocked by CORS policy/);
  problems.allow(/net::ERR_FAILED @ .*\/api\/staff\//);
  const editor = `sandbox-${testInfo.project.name}@example.ir`;
  staffCli('add', editor, '--role', 'editor');
  await signIn(page, editor);
  await expect(page.getByRole('heading', { name: faConsole.editor.title, level: 1 })).toBeVisible();
  const revision = await draftFromLive(page);
  const draft = (await (await page.request.get(`${server.baseURL}/api/staff/definition/draft`)).json()) as DraftAnswer;
  const start = wizard.steps[0].buttons!.next!;
  const newStart = `${start}، همین حالا`;
  const files = structuredClone(draft.files) as { 'wizard.json': { steps: { buttons?: { next?: string } }[] } };
  files['wizard.json'].steps[0].buttons = { ...files['wizard.json'].steps[0].buttons, next: newStart };
  const token = (await page.context().cookies()).find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
  const saved = await page.request.put(`${server.baseURL}/api/staff/definition/draft`, {
    data: { revision, files },
    headers: { [XSRF_HEADER]: token },
  });
  expect(saved.status()).toBe(200);
  await page.reload();

  await page.getByRole('button', { name: faConsole.editor.tabs.preview }).click();
  const iframe = page.locator(`iframe[title="${faConsole.editor.preview.frameTitle}"]`);
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
  const preview = page.frameLocator(`iframe[title="${faConsole.editor.preview.frameTitle}"]`);
  await expect(
    preview.getByRole('link', { name: newStart }).or(preview.getByRole('button', { name: newStart })),
  ).toBeVisible();

  const frame = page.frames().find((candidate) => candidate.url().includes('/staff/definition/preview/'));
  expect(frame, 'the preview frame').toBeDefined();
  const reach = await frame!.evaluate(async () => {
    const attempt = (read: () => unknown): string => {
      try {
        return `read: ${String(read())}`;
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    };
    const call = async (init: RequestInit): Promise<string> => {
      try {
        return `status ${(await fetch('/api/staff/session', init)).status}`;
      } catch {
        return 'blocked';
      }
    };
    return {
      origin: self.origin,
      cookie: attempt(() => document.cookie),
      parent: attempt(() => window.parent.document.title),
      storage: attempt(() => window.sessionStorage.length),
      staffApi: await call({}),
      staffApiWithCredentials: await call({ credentials: 'include' }),
    };
  });
  expect(reach.origin).toBe('null');
  expect(['read: ', 'refused: SecurityError']).toContain(reach.cookie);
  expect(reach.parent).toBe('refused: SecurityError');
  expect(reach.storage).toBe('refused: SecurityError');
  for (const answer of [reach.staffApi, reach.staffApiWithCredentials]) {
    expect(['blocked', 'status 401', 'status 403']).toContain(answer);
  }
  // The console itself is signed in all along: the frame had the cookie within reach of nothing.
  const session = await page.request.get(`${server.baseURL}/api/staff/session`);
  expect(session.status()).toBe(200);
});
