/**
 * «یکپارچه‌سازی» in Chromium against the built server on its own SQLite file, with a receiver this
 * test starts on 127.0.0.1 (the server runs with WEBHOOK_ALLOW_PRIVATE=true, and outside production
 * since production delivers to https only): an admin made with the CLI adds an endpoint, keeps its
 * secret (shown once), sends a test event that the receiver verifies with `standardwebhooks` and
 * sees it delivered in the log; creates an API key, copies it once, finds it gone after a reload,
 * reads GET /api/v1/registrations with it, and revokes it.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, faConsole, screenshot, test } from './helpers.js';
import { projectRoot, startServer, type StartedServer } from './server.js';
import { registerThroughApi } from './staff-helpers.js';
import { integrationPaths, type WebhookPayload } from '../../src/shared/contracts/integrations.js';
import { fill } from '../../src/shared/text/persian.js';

const PASSWORD = 'a long e2e password';
const copy = faConsole.integrations;

test.describe.configure({ mode: 'serial' });

/** What the receiver was sent: the raw body (signatures are over the bytes) and the headers. */
interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

let server: StartedServer;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

function startReceiver(): Promise<void> {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  return new Promise((listening) =>
    receiver.listen(0, '127.0.0.1', () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/pharmacy`;
      listening();
    }),
  );
}

test.beforeAll(async () => {
  await startReceiver();
  server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', NODE_ENV: 'development' } });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((closed) => receiver?.close(closed));
});

/** `npm run staff` as an admin runs it on the server, the password on standard input. */
function addAdmin(who: string): string {
  const email = `${who}-${randomUUID().slice(0, 8)}@example.ir`;
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/staff.ts', 'add', email, '--role', 'admin'],
    {
      cwd: projectRoot,
      input: `${PASSWORD}\n`,
      env: { ...process.env, DATABASE_URL: `sqlite:${server.databaseFile}` },
      encoding: 'utf8',
    },
  );
  expect(output).toContain('Added');
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${server.baseURL}/staff`);
  await page.getByLabel(faConsole.staff.email).fill(email);
  await page.getByLabel(faConsole.staff.password).fill(PASSWORD);
  await page.getByRole('button', { name: faConsole.staff.signIn }).click();
  await expect(page.getByText(faConsole.staff.title)).toBeVisible();
}

/** The receiver's copy of each event, verified as a receiver verifies it (throws on a bad signature). */
function verifiedEvents(secret: string): WebhookPayload[] {
  const webhook = new Webhook(secret);
  return received.map((event) => webhook.verify(event.body, event.headers as Record<string, string>) as WebhookPayload);
}

/** Adds the endpoint through the form and gives the secret it shows once. */
async function addEndpoint(page: Page): Promise<string> {
  await page.getByRole('button', { name: copy.webhooks.add }).click();
  await page.getByRole('textbox', { name: copy.webhooks.url }).fill(receiverUrl);
  await page.getByRole('textbox', { name: copy.webhooks.description }).fill('CRM آزمایشی');
  await page.getByRole('button', { name: copy.webhooks.addHeader }).click();
  await page.getByRole('textbox', { name: fill(copy.webhooks.headerName, { n: '۱' }) }).fill('X-Gateway-Key');
  await page.getByRole('textbox', { name: fill(copy.webhooks.headerValue, { n: '۱' }) }).fill('gateway-e2e');
  await page.getByRole('button', { name: copy.webhooks.save }).click();
  const shown = page.getByRole('textbox', { name: `${copy.webhooks.secretTitle} ${receiverUrl}` });
  await expect(shown).toBeFocused();
  await expect(page.getByText(copy.shownOnce)).toBeVisible();
  const secret = await shown.inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  return secret;
}

/** Creates a key, copies it with the button and gives what the clipboard holds. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.getByRole('textbox', { name: copy.apiKeys.name }).fill(name);
  await page.getByRole('button', { name: copy.apiKeys.create }).click();
  const shown = page.getByRole('textbox', { name: fill(copy.apiKeys.keyTitle, { name }) });
  await expect(shown).toBeFocused();
  const key = await shown.inputValue();
  expect(key).toMatch(/^prk_[0-9A-Za-z]+$/);
  await page.getByRole('button', { name: copy.copy }).click();
  await expect(page.getByText(copy.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  return key;
}

async function readRegistrations(key: string): Promise<{ status: number; text: string }> {
  const answer = await fetch(`${server.baseURL}${integrationPaths.v1Registrations}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return { status: answer.status, text: await answer.text() };
}

test('an admin adds an endpoint, sends a test event and sees it delivered, then makes a key that reads registrations', async ({
  page,
  problems,
  context,
}, testInfo) => {
  // Signed out, the console's first question (who is signed in?) is answered 401: expected.
  problems.allow(/401 \(Unauthorized\) @ .*\/api\/staff\/session$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
  await signIn(page, addAdmin(`integrations-${testInfo.project.name}`));
  await page.getByRole('navigation').getByRole('link', { name: copy.title }).click();
  await expect(page).toHaveURL(/\/staff\/integrations$/);
  await expect(page.getByRole('heading', { name: copy.title, level: 1 })).toBeVisible();
  await expect(page.getByText(copy.webhooks.empty)).toBeVisible();
  await expectNoAxeViolations(page, 'the integrations screen');

  const secret = await addEndpoint(page);
  await expectNoAxeViolations(page, 'the integrations screen with a secret shown');
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, 'integrations-secret');
  await page.getByRole('button', { name: copy.savedIt }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  const endpoint = page.getByRole('article', { name: receiverUrl });
  await expect(endpoint).toContainText(copy.webhooks.enabled);

  // The test event: the receiver's answer in the card, a ping signed with the secret, the custom header.
  await endpoint.getByRole('button', { name: copy.webhooks.test }).click();
  const answered = fill(copy.webhooks.testAnswer.split('{ms}')[0], { status: 200 });
  await expect(endpoint.getByRole('status')).toContainText(answered);
  await expect.poll(() => received.length).toBeGreaterThan(0);
  const ping = received.find((event) => event.body.includes('"ping"'));
  expect(ping?.headers['x-gateway-key']).toBe('gateway-e2e');
  expect(verifiedEvents(secret).map((event) => event.type)).toContain('ping');

  // The log: the ping, delivered, with the receiver's answer.
  await endpoint.getByRole('button', { name: copy.webhooks.showDeliveries }).click();
  const log = endpoint.getByRole('region', { name: fill(copy.webhooks.deliveriesOf, { url: receiverUrl }) });
  // Rows by element: on a phone the table's rows are laid out as cards.
  const pingRow = log.locator('tr').filter({ hasText: copy.webhooks.eventNames.ping });
  await expect(pingRow).toContainText(copy.webhooks.states.delivered);
  await expect(pingRow).toContainText('{"received":true}');
  await expectNoAxeViolations(page, 'the delivery log');
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, 'integrations-delivery-log');

  // A registration reaches the receiver too, signed, with its tracking code and nothing personal.
  const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const trackingCode = await registerThroughApi(api, `داروخانهٔ یکپارچه‌سازی ${testInfo.project.name}`);
  await api.dispose();
  await expect
    .poll(() => verifiedEvents(secret).find((event) => event.type === 'registration.created')?.data.trackingCode, {
      timeout: 30_000,
    })
    .toBe(trackingCode);

  // A key: copied once, gone after a reload, reads the registrations, and stops when revoked.
  const name = `ERP ${testInfo.project.name}`;
  const key = await createKey(page, name);
  await expectNoAxeViolations(page, 'the integrations screen with a key shown');
  await page.reload();
  const keyRow = page.locator('tr').filter({ hasText: name });
  await expect(keyRow).toContainText(key.slice(0, 6));
  await expect(page.locator('body')).not.toContainText(key);
  expect(
    await page
      .locator('input')
      .evaluateAll((inputs, shown) => inputs.some((input) => (input as HTMLInputElement).value === shown), key),
  ).toBe(false);

  const read = await readRegistrations(key);
  expect(read.status, read.text).toBe(200);
  expect(read.text).toContain(trackingCode);

  await keyRow.getByRole('button', { name: copy.apiKeys.revoke }).click();
  await keyRow.getByRole('button', { name: copy.yes }).click();
  await expect(keyRow).not.toContainText(copy.apiKeys.active);
  await expect.poll(async () => (await readRegistrations(key)).status, { timeout: 2_000 }).toBe(401);
});
