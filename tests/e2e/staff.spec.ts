import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { digitsEnToFa } from '@persian-tools/persian-tools';
import {
  acceptTerms,
  answerCaptcha,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  fa,
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
import type { FunnelAnswer } from '../../src/shared/staff-contract.js';
import { projectRoot } from './server.js';

const PASSWORD = 'a long e2e password';

/** `npm run staff` as an admin runs it on the server, the password on standard input. */
function staffCli(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/staff.ts', ...args], {
    cwd: projectRoot,
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: `sqlite:${process.env.E2E_DATABASE_FILE}` },
    encoding: 'utf8',
  });
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: fa.staff.signIn })).toBeVisible();
  await expectNoAxeViolations(page, 'staff sign-in');
  await page.getByLabel(fa.staff.email).fill(email);
  await page.getByLabel(fa.staff.password).fill(PASSWORD);
  await page.getByRole('button', { name: fa.staff.signIn }).click();
  await expect(page.getByText(fa.staff.title)).toBeVisible();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: fa.staff.search }).fill(text);
  await page.getByRole('search').getByRole('button', { name: fa.staff.search }).click();
}

test('an agent made with the CLI finds a wizard registration, marks it contacted with a note; an admin exports', async ({
  page,
  problems,
}, testInfo) => {
  // Signed out, the console's first question (who is signed in?) is answered 401: expected.
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
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
  await expect(page.getByRole('button', { name: trackingCode })).toHaveCount(1);
  await search(page, digitsEnToFa(sampleManager.mobile));
  await expect(page.getByRole('button', { name: trackingCode })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'staff list');

  // The filters: its province and today's Jalali date keep it; another province leaves it out.
  const today = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran' }).format(new Date());
  await page.getByRole('searchbox', { name: fa.staff.search }).fill('');
  const province = page.getByRole('combobox', { name: fa.staff.province });
  await province.selectOption({ label: sampleLocation.province });
  await page.getByRole('textbox', { name: fa.staff.fromDay }).fill(today);
  await page.getByRole('textbox', { name: fa.staff.toDay }).fill(today);
  await page.getByRole('search').getByRole('button', { name: fa.staff.search }).click();
  await expect(page.getByRole('button', { name: trackingCode })).toBeVisible();
  const otherProvince = await province
    .locator('option')
    .evaluateAll(
      (options, chosen) =>
        options.find((option) => option.textContent !== chosen && option.getAttribute('value'))?.textContent,
      sampleLocation.province,
    );
  await province.selectOption({ label: otherProvince! });
  await page.getByRole('search').getByRole('button', { name: fa.staff.search }).click();
  await expect(page.getByText(fa.staff.empty)).toBeVisible();
  // A day that is not one is refused on the field, in Persian.
  await page.getByRole('textbox', { name: fa.staff.fromDay }).fill('۱۴۰۵/۱۳/۰۱');
  await page.getByRole('search').getByRole('button', { name: fa.staff.search }).click();
  await expect(page.getByRole('textbox', { name: fa.staff.fromDay })).toHaveAccessibleDescription(fa.staff.dayInvalid);
  await page.getByRole('button', { name: fa.staff.clearFilters }).click();
  await search(page, trackingCode);

  // Marks it contacted with a note; the timeline shows both.
  await page.getByRole('button', { name: trackingCode }).click();
  await expect(page.getByRole('heading', { name: pharmacy.name })).toBeVisible();
  // Its answers under their Persian titles.
  await expect(page.getByRole('heading', { name: fa.staff.answers })).toBeVisible();
  await expect(page.locator('.staff-answer').filter({ hasText: pharmacy.name })).toHaveCount(1);
  // Its position on the wizard's map, and the mobile as a tel: link.
  await expect(page.locator('.staff-map.leaflet-container path.leaflet-interactive')).toHaveCount(1);
  await expect(page.getByRole('link', { name: sampleManager.mobile })).toHaveAttribute(
    'href',
    `tel:${sampleManager.mobile}`,
  );
  await page.getByRole('button', { name: `${fa.staff.moveTo} «${fa.staff.statuses.contacted}»` }).click();
  await expect(page.locator('.staff-facts').getByText(fa.staff.statuses.contacted)).toBeVisible();
  const note = 'با مدیر تماس گرفته شد؛ فردا مدارک را می‌فرستد.';
  await page.getByLabel(fa.staff.noteLabel).fill(note);
  await page.getByRole('button', { name: fa.staff.addNote }).click();
  const timeline = page.locator('.staff-timeline');
  await expect(timeline.getByText(note)).toBeVisible();
  await expect(
    timeline.getByText(`${fa.staff.actions.status}: ${fa.staff.movedTo} «${fa.staff.statuses.contacted}»`),
  ).toBeVisible();
  await expect(timeline.locator('li')).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'staff registration');

  // The funnel counts the walk: the welcome visit, every step up to the manager's, the registration.
  await page.getByRole('button', { name: fa.staff.back }).click();
  await page.getByRole('button', { name: fa.staff.funnel }).click();
  await expect(page.getByRole('heading', { name: fa.staff.funnel })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^${fa.staff.funnelChart}`) })).toBeVisible();
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
  await page.getByRole('button', { name: fa.staff.back }).click();
  await expect(page.getByRole('link', { name: fa.staff.exportCsv })).toHaveCount(0);
  await page.getByRole('button', { name: fa.staff.signOut }).click();
  await signIn(page, admin);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: fa.staff.exportCsv }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.startsWith('\uFEFFid,tracking_code')).toBe(true);
  expect(csv).toContain(trackingCode);

  // The export follows the filters: none of the registrations is rejected.
  await page.getByRole('combobox', { name: fa.staff.statusFilter }).selectOption({ label: fa.staff.statuses.rejected });
  await page.getByRole('search').getByRole('button', { name: fa.staff.search }).click();
  await expect(page.getByText(fa.staff.empty)).toBeVisible();
  const filteredDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: fa.staff.exportCsv }).click();
  const filtered = readFileSync(await (await filteredDownload).path(), 'utf8');
  expect(filtered).not.toContain(trackingCode);

  // The audit log shows the exports and the agent's work, newest first.
  await page.getByRole('button', { name: fa.staff.auditLog }).click();
  await expect(page.getByRole('heading', { name: fa.staff.auditLog })).toBeVisible();
  const entries = page.locator('.staff-table tbody tr');
  await expect(entries.first()).toContainText(fa.staff.actions.export);
  await expect(entries.filter({ hasText: note }).filter({ hasText: agent })).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'staff audit log');
});
