import { readFileSync } from 'node:fs';
import { digitsEnToFa } from '@persian-tools/persian-tools';
import {
  acceptTerms,
  answerCaptcha,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  fa,
  faConsole,
  fillManager,
  goToManager,
  press,
  sampleLocation,
  sampleManager,
  samplePharmacy,
  step,
  test,
  theRegistration,
  wizard,
} from './helpers.js';
import type { FunnelAnswer } from '../../src/shared/contracts/staff.schemas.js';
import {
  addColleague,
  mobileAsShown,
  registerThroughApi,
  search,
  signIn as signInQuietly,
  signInChecked as signIn,
  STAFF_PASSWORD,
  staffCli,
} from './staff-helpers.js';

test('an agent made with the CLI finds a wizard registration, marks it contacted with a note; an admin exports', async ({
  page,
  problems,
}, testInfo) => {
  // Signed out, the console's first question (who is signed in?) is answered 401: expected.
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  // The wizard's last batch of the form's behaviour leaves as the page is left, after the test
  // cleared its cookies: without the pre-session it is refused (403), as designed.
  problems.allow(/403 \(Forbidden\) @ .*\/api\/Statistic\/Events$/);
  const project = testInfo.project.name;
  const agent = `agent-${project}@example.ir`;
  const admin = `admin-${project}@example.ir`;
  expect(staffCli('add', agent, '--role', 'agent')).toContain('Added');
  expect(staffCli('add', admin, '--role', 'admin')).toContain('Added');

  // A manager registers through the wizard.
  const pharmacy = samplePharmacy();
  await goToManager(page, { pharmacy });
  await fillManager(page, sampleManager);
  await answerCaptcha(page, true);
  await acceptTerms(page);
  await press(page, step('manager').buttons!.submit!);
  const { tracking_code: trackingCode } = await theRegistration(pharmacy.name);

  // The agent signs in and finds it by tracking code, then by the mobile typed in Persian digits.
  await page.context().clearCookies();
  await signIn(page, agent);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await search(page, trackingCode);
  await expect(page.getByRole('link', { name: trackingCode })).toHaveCount(1);
  await search(page, digitsEnToFa(sampleManager.mobile));
  const unassignedCount = faConsole.staff.unassignedCount.replace('{count}', '').trim();
  await expect(page.getByRole('button', { name: unassignedCount })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'staff list');

  // The filters: its province and today's Jalali date keep it; another province leaves it out.
  const today = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran' }).format(new Date());
  await page.getByRole('searchbox', { name: faConsole.staff.search }).fill('');
  const province = page.getByRole('combobox', { name: faConsole.staff.province });
  await province.selectOption({ label: sampleLocation.province });
  await page.getByRole('textbox', { name: faConsole.staff.fromDay }).fill(today);
  await page.getByRole('textbox', { name: faConsole.staff.toDay }).fill(today);
  await page.getByRole('search').getByRole('button', { name: faConsole.staff.search }).click();
  await expect(page.getByRole('link', { name: trackingCode })).toBeVisible();
  const otherProvince = await province
    .locator('option')
    .evaluateAll(
      (options, chosen) =>
        options.find((option) => option.textContent !== chosen && option.getAttribute('value'))?.textContent,
      sampleLocation.province,
    );
  await province.selectOption({ label: otherProvince! });
  await page.getByRole('search').getByRole('button', { name: faConsole.staff.search }).click();
  await expect(page.getByText(faConsole.staff.empty)).toBeVisible();
  // A day that is not one is refused on the field, in Persian.
  await page.getByRole('textbox', { name: faConsole.staff.fromDay }).fill('۱۴۰۵/۱۳/۰۱');
  await page.getByRole('search').getByRole('button', { name: faConsole.staff.search }).click();
  await expect(page.getByRole('textbox', { name: faConsole.staff.fromDay })).toHaveAccessibleDescription(
    faConsole.staff.dayInvalid,
  );
  await page.getByRole('button', { name: faConsole.staff.clearFilters }).click();
  await search(page, trackingCode);

  // Marks it contacted with a note; the timeline shows both.
  await page.getByRole('link', { name: trackingCode }).click();
  await expect(page.getByRole('heading', { name: pharmacy.name })).toBeVisible();
  // Its answers under their Persian titles.
  await expect(page.getByRole('heading', { name: faConsole.staff.answers })).toBeVisible();
  await expect(page.locator('.staff-answer').filter({ hasText: pharmacy.name })).toHaveCount(1);
  // Its position on the wizard's map, and the mobile as a tel: link.
  await expect(page.locator('.staff-map.leaflet-container path.leaflet-interactive')).toHaveCount(1);
  await expect(page.getByRole('link', { name: mobileAsShown(sampleManager.mobile) })).toHaveAttribute(
    'href',
    `tel:${sampleManager.mobile}`,
  );
  await page.getByRole('button', { name: `${faConsole.staff.moveTo} «${faConsole.staff.statuses.contacted}»` }).click();
  await expect(page.locator('.staff-facts').getByText(faConsole.staff.statuses.contacted)).toBeVisible();
  const note = 'با مدیر تماس گرفته شد؛ فردا مدارک را می‌فرستد.';
  await page.getByLabel(faConsole.staff.noteLabel).fill(note);
  await page.getByRole('button', { name: faConsole.staff.addNote }).click();
  const timeline = page.locator('.staff-timeline');
  await expect(timeline.getByText(note)).toBeVisible();
  await expect(
    timeline.getByText(
      `${faConsole.staff.actions.status}: ${faConsole.staff.movedTo} «${faConsole.staff.statuses.contacted}»`,
    ),
  ).toBeVisible();
  await expect(timeline.locator('li')).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'staff registration');

  // The funnel counts the walk: the welcome visit, every step up to the manager's, the registration.
  await page.getByRole('link', { name: faConsole.staff.back }).click();
  await page.getByRole('navigation').getByRole('link', { name: faConsole.staff.funnel }).click();
  await expect(page.getByRole('heading', { name: faConsole.staff.funnel })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^${faConsole.staff.funnelChart}`) })).toBeVisible();
  await expect(page.locator('.staff-funnel tbody tr').first()).toBeVisible();
  const funnel = (await (await page.request.get('/api/staff/funnel')).json()) as FunnelAnswer;
  const sum = (pick: (row: FunnelAnswer['rows'][number]) => number): number =>
    funnel.rows.reduce((total, row) => total + pick(row), 0);
  expect(sum((row) => row.visits)).toBeGreaterThan(0);
  const managerStep = wizard.steps.findIndex((candidate) => candidate.id === 'manager') + 1;
  for (let reached = 1; reached <= managerStep; reached += 1) {
    expect(
      sum((row) => row.steps[String(reached)] ?? 0),
      `step ${reached} reached`,
    ).toBeGreaterThan(0);
  }
  expect(sum((row) => row.registrations)).toBeGreaterThan(0);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'staff funnel');

  // Agents have no export; an admin's export holds the registration, with a BOM.
  await page.getByRole('navigation').getByRole('link', { name: faConsole.staff.registrationsScreen }).click();
  await expect(page.getByRole('heading', { name: faConsole.staff.registrationsScreen })).toBeVisible();
  await expect(page.getByRole('link', { name: faConsole.staff.exportCsv })).toHaveCount(0);
  await page.getByRole('button', { name: faConsole.staff.signOut }).click();
  await signIn(page, admin);
  // The list's answer adds the unassigned count beside the export links, which moves them at a
  // phone's width: the press waits for the list, as a colleague's eye does.
  await expect(page.getByRole('link', { name: trackingCode })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: faConsole.staff.exportCsv }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.startsWith('\uFEFFid,tracking_code')).toBe(true);
  expect(csv).toContain(trackingCode);

  // The export follows the filters: none of the registrations is rejected.
  await page
    .getByRole('combobox', { name: faConsole.staff.statusFilter })
    .selectOption({ label: faConsole.staff.statuses.rejected });
  await page.getByRole('search').getByRole('button', { name: faConsole.staff.search }).click();
  await expect(page.getByText(faConsole.staff.empty)).toBeVisible();
  const filteredDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: faConsole.staff.exportCsv }).click();
  const filtered = readFileSync(await (await filteredDownload).path(), 'utf8');
  expect(filtered).not.toContain(trackingCode);

  // The audit log shows the exports and the agent's work, newest first. Other tests sign colleagues
  // in meanwhile (one database for the run), so the newest of this admin's entries is looked at.
  await page.getByRole('navigation').getByRole('link', { name: faConsole.staff.auditLog }).click();
  await expect(page.getByRole('heading', { name: faConsole.staff.auditLog })).toBeVisible();
  const entries = page.locator('.staff-table tbody tr');
  await expect(entries.filter({ hasText: admin }).first()).toContainText(faConsole.staff.actions.export);
  await expect(entries.filter({ hasText: note }).filter({ hasText: agent })).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'staff audit log');
});

const CASE_PATH = /\/staff\/registrations\/\d+$/;

test('a case has its own address: a reload keeps it, Back returns to the filtered list, a colleague lands on it from a link', async ({
  page,
  browser,
  playwright,
  problems,
}) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const name = samplePharmacy().name;
  const trackingCode = await registerThroughApi(api, name);
  const agent = addColleague('agent', 'agent');

  // Signed out, a link to the filtered list shows the sign-in form there, then the list itself.
  await signIn(page, agent, '/staff/registrations?status=new');
  await expect(page.getByRole('combobox', { name: faConsole.staff.statusFilter })).toHaveValue('new');
  await search(page, name);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page).toHaveURL(/[?&]status=new/);
  // The whole row opens the case: a click on the pharmacy's name, not on the code's link.
  const nameCell = page.locator(`td[data-label="${faConsole.staff.pharmacyName}"]`, { hasText: name });
  const box = await nameCell.boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(page).toHaveURL(CASE_PATH);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const caseUrl = page.url();

  // The city and province by name, never their ids; the position as one answer, with the map.
  const answers = page.locator('.staff-answer');
  await expect(answers.filter({ hasText: sampleLocation.city })).not.toHaveCount(0);
  await expect(answers.filter({ hasText: sampleLocation.province })).not.toHaveCount(0);
  const ids = [sampleLocation.cityId, sampleLocation.provinceId].flatMap((id) => [
    String(id),
    digitsEnToFa(String(id)),
  ]);
  await expect(page.locator('.staff-answer dd').filter({ hasText: new RegExp(`^(${ids.join('|')})$`) })).toHaveCount(0);
  await expect(page.locator('.staff-answer--position .staff-map.leaflet-container')).toHaveCount(1);
  await expect(page.getByText(trackingCode, { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page).toHaveURL(caseUrl);

  await page.goBack();
  await expect(page).toHaveURL(/\/staff\/registrations\?/);
  await expect(page.getByRole('searchbox', { name: faConsole.staff.search })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: faConsole.staff.statusFilter })).toHaveValue('new');
  await expect(page.getByRole('link', { name: trackingCode })).toBeVisible();

  // A colleague opens the sent link in their own browser: sign-in, then the same case.
  const colleague = addColleague('agent', 'colleague');
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fa-IR' });
  const otherPage = await other.newPage();
  await signInQuietly(otherPage, colleague, new URL(caseUrl).pathname);
  await expect(otherPage.getByRole('heading', { name })).toBeVisible();
  await expect(otherPage).toHaveURL(caseUrl);
  await other.close();
  await api.dispose();
});

test('«به من بسپار» on a case, then «کارهای من» finds it; the assignment is in its timeline', async ({
  page,
  playwright,
  problems,
}) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const name = samplePharmacy().name;
  const trackingCode = await registerThroughApi(api, name);
  await api.dispose();
  const agent = addColleague('agent', 'agent');

  await signIn(page, agent);
  await search(page, name);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: trackingCode }) });
  await expect(row).toContainText(faConsole.staff.nobody);
  // Keyboard: the code's link opens the case.
  await page.getByRole('link', { name: trackingCode }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(CASE_PATH);

  await page.getByRole('button', { name: faConsole.staff.assignToMe }).click();
  await expect(page.locator('.staff-assignee')).toContainText(agent);
  await expect(page.getByRole('button', { name: faConsole.staff.giveBack })).toBeVisible();
  await expect(page.locator('.staff-timeline')).toContainText(`${faConsole.staff.actions.assign}: به ${agent}`);
  await expectNoAxeViolations(page, 'staff case, assigned');

  await page.getByRole('navigation').getByRole('link', { name: faConsole.staff.registrationsScreen }).click();
  await page.getByRole('button', { name: faConsole.staff.myCases }).click();
  await expect(page).toHaveURL(/[?&]assignee=me/);
  await expect(page.getByRole('combobox', { name: faConsole.staff.assignee })).toHaveValue('me');
  await expect(page.getByRole('link', { name: trackingCode })).toBeVisible();
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: trackingCode }) })).toContainText(
    agent,
  );
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'staff list, my cases');
});

test('selected cases change status together, each with its own outcome and audit entry', async ({
  page,
  playwright,
  problems,
}) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const base = samplePharmacy().name;
  const codes = [await registerThroughApi(api, `${base} الف`), await registerThroughApi(api, `${base} ب`)];
  await api.dispose();
  const agent = addColleague('agent', 'agent');

  await signIn(page, agent);
  await search(page, base);
  await expect(page.locator('.staff-cases tbody tr')).toHaveCount(2);
  for (const code of codes) await page.getByRole('checkbox', { name: `انتخاب ${code}` }).check();
  await expect(page.getByText('۲ پرونده انتخاب شده')).toBeVisible();
  await expectNoAxeViolations(page, 'staff list, cases selected');
  await page.getByRole('button', { name: `${faConsole.staff.moveTo} «${faConsole.staff.statuses.contacted}»` }).click();

  const outcomes = page.locator('.staff-bulk__outcomes li');
  await expect(outcomes).toHaveCount(2);
  for (const code of codes) await expect(outcomes.filter({ hasText: code })).toContainText(faConsole.staff.bulkDone);
  await expect(page.getByText('۲ پرونده از ۲ پرونده تغییر کرد.')).toBeVisible();
  // The list is read again: both rows are contacted now, and nothing stays selected.
  for (const code of codes) {
    await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: code }) })).toContainText(
      faConsole.staff.statuses.contacted,
    );
    await expect(page.getByRole('checkbox', { name: `انتخاب ${code}` })).not.toBeChecked();
  }
  // Each case has its own entry.
  await page.getByRole('link', { name: codes[1] }).click();
  await expect(page.locator('.staff-timeline')).toContainText(
    `${faConsole.staff.actions.status}: ${faConsole.staff.movedTo} «${faConsole.staff.statuses.contacted}»`,
  );
});

test('the funnel takes its days as the list does: typed, or picked on the Jalali calendar with the keyboard', async ({
  page,
  problems,
}) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const agent = addColleague('agent', 'agent');
  await signIn(page, agent, '/staff/funnel');
  await expect(page.getByRole('heading', { name: faConsole.staff.funnel })).toBeVisible();
  const from = page.getByRole('textbox', { name: faConsole.staff.funnelFrom });

  // Today from the calendar: open it beside the field, one day back (→ in right to left), Enter.
  await page.getByRole('button', { name: `انتخاب ${faConsole.staff.funnelFrom} از تقویم` }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar).toBeVisible();
  await expectNoAxeViolations(page, 'staff funnel, calendar open');
  const today = calendar.locator('button[aria-current="date"]');
  await expect(today).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect(from).toBeFocused();
  const yesterday = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(Date.now() - 86_400_000);
  await expect(from).toHaveValue(yesterday);

  // Escape closes the calendar and gives the focus back to its button.
  const toggle = page.getByRole('button', { name: `انتخاب ${faConsole.staff.funnelTo} از تقویم` });
  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await page.getByRole('button', { name: faConsole.staff.funnelShow }).click();
  await expect(page).toHaveURL(/\/staff\/funnel\?from=\d{4}-\d{2}-\d{2}/);
  await page.reload();
  await expect(from).toHaveValue(yesterday);

  // A day that is not one: the same Persian message as the list's.
  await page.getByRole('textbox', { name: faConsole.staff.funnelTo }).fill('۱۴۰۵/۱۳/۰۱');
  await page.getByRole('button', { name: faConsole.staff.funnelShow }).click();
  await expect(page.getByRole('textbox', { name: faConsole.staff.funnelTo })).toHaveAccessibleDescription(
    faConsole.staff.dayInvalid,
  );
  await expectNoAxeViolations(page, 'staff funnel, refused day');
});

test('an editor sees only the screens of their role, and a sentence where a list would be empty', async ({
  page,
  problems,
}) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const editor = addColleague('editor', 'editor');
  await signIn(page, editor, '/staff/registrations');
  await expect(page.getByRole('heading', { name: faConsole.staff.notYourScreen })).toBeVisible();
  await expect(
    page.getByRole('navigation').getByRole('link', { name: faConsole.staff.registrationsScreen }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page, 'staff console, editor');
});

test('a list asked for earlier is cancelled, and its late answer never replaces the one asked for after it', async ({
  page,
  playwright,
  problems,
}) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const [first, second] = [samplePharmacy().name, samplePharmacy().name];
  const firstCode = await registerThroughApi(api, first);
  const secondCode = await registerThroughApi(api, second);
  await api.dispose();
  const agent = addColleague('agent', 'agent');
  await signIn(page, agent);

  // The search for the first pharmacy is held back, as a slow line would.
  const searched = (url: string) => new URL(url).searchParams.get('q');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const aborted: string[] = [];
  page.on('requestfailed', (request) => {
    if (searched(request.url()) === first) aborted.push(request.failure()?.errorText ?? '');
  });
  await page.route(/\/api\/staff\/registrations\?/, async (route) => {
    if (searched(route.request().url()) === first) await held;
    // A request the page cancelled meanwhile cannot be continued.
    await route.continue().catch(() => undefined);
  });
  await search(page, first);
  await search(page, second);
  await expect(page.getByRole('link', { name: secondCode })).toBeVisible();
  await expect.poll(() => aborted.length, { message: 'the first search is cancelled' }).toBe(1);
  release();
  await page.waitForTimeout(500);
  await expect(page.getByRole('link', { name: secondCode })).toBeVisible();
  await expect(page.getByRole('link', { name: firstCode })).toHaveCount(0);
});

test('one mistyped password, then the right one, opens the console at once', async ({ page, problems }) => {
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  const agent = addColleague('agent', 'agent');
  await page.goto('/staff');
  await page.getByLabel(faConsole.staff.email).fill(agent);
  await page.getByLabel(faConsole.staff.password).fill('not the password');
  await page.getByRole('button', { name: faConsole.staff.signIn }).click();
  await expect(page.getByRole('alert')).toHaveText(fa.errors.sign_in_failed);

  // A wrong password makes the account wait a second before the next try, as retyping does.
  await page.waitForTimeout(1_100);
  await page.getByLabel(faConsole.staff.password).fill(STAFF_PASSWORD);
  const signedIn = page.waitForResponse((answer) => answer.request().method() === 'POST' && answer.ok());
  await page.getByRole('button', { name: faConsole.staff.signIn }).click();
  await signedIn;
  await expect(page.getByText(faConsole.staff.title)).toBeVisible({ timeout: 3_000 });
  await expect(page.getByRole('heading', { name: faConsole.staff.signIn })).toHaveCount(0);
});
