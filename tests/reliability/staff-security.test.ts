/**
 * The staff console under attack, against a real server process. Sign-in brute
 * force per account and per address, every staff route with a missing, forged, expired or revoked
 * session and an agent on admin routes, CSRF on staff writes, session fixation, the audit log
 * through the API, and no password, session id or personal value in the logs.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { toAsciiDigits } from '../../src/shared/text/normalize.js';
import { faConsole } from '../../src/shared/text/console-strings.fa.js';
import { staffPaths, type StaffRole } from '../../src/shared/contracts/staff.js';
import { sqliteWrite } from './harness/db.js';
import { personalValues, seededRandom, validRegistration } from './harness/data.js';
import { dbKinds, repoRoot } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { ApiClient, errorBodyProblem, errorCode, persianLetters, type HttpResponse } from './harness/http.js';
import { leaks } from './harness/logs.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { ServerProcess, stopAllServers } from './harness/server.js';

const random = seededRandom(131);
/** A request without a body says no content type, as a browser's DELETE does. */
const noBody = { headers: { 'content-type': undefined } };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const PASSWORD = 'a long reliability password';
const DAY_MS = 86_400_000;
/** Within the sign-in route's own per-address rate limit (30 a minute), so only the lock answers. */
const PARALLEL_GUESSES = 20;

/** `npm run staff -- add`, as an admin runs it on the server: the password on standard input. */
function addAccount(databaseUrl: string, email: string, role: StaffRole): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/staff.ts', 'add', email, '--role', role], {
    cwd: repoRoot,
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

/** A fresh documentation address (TEST-NET-3) per simulated client. */
const address = (): string => `203.0.${randomInt(113, 114)}.${randomInt(1, 255)}`;

function expectRefused(response: HttpResponse, status: number, what: string): void {
  expect({ what, status: response.status }).toEqual({ what, status });
  expect(errorBodyProblem(response), what).toBeUndefined();
  const message = (response.json as { error?: { message?: string } } | undefined)?.error?.message ?? '';
  expect(persianLetters.test(message), `${what}: a Persian message`).toBe(true);
}

async function client(port: number, forwardedFor = address()): Promise<ApiClient> {
  const visitor = new ApiClient(port, { forwardedFor, secFetchSite: 'same-origin' });
  await visitor.start();
  return visitor;
}

async function signIn(visitor: ApiClient, email: string, password = PASSWORD): Promise<HttpResponse> {
  return visitor.postJson(staffPaths.session, { email, password });
}

const staffCookie = (visitor: ApiClient): string | undefined => visitor.jar.cookies.get('staff');

/** Every staff route but sign-in, as a colleague's browser calls it. */
function staffRoutes(registrationId: number): Array<{ method: string; path: string; body?: unknown }> {
  const id = (path: string) => path.replace(':id', String(registrationId));
  return [
    { method: 'GET', path: staffPaths.session },
    { method: 'DELETE', path: staffPaths.session },
    { method: 'GET', path: staffPaths.registrations },
    { method: 'GET', path: id(staffPaths.registration) },
    { method: 'POST', path: id(staffPaths.status), body: { from: 'new', to: 'contacted' } },
    { method: 'POST', path: id(staffPaths.notes), body: { body: 'یادداشت' } },
    { method: 'GET', path: `${staffPaths.export}?format=csv` },
    { method: 'GET', path: staffPaths.audit },
    { method: 'GET', path: staffPaths.funnel },
    { method: 'GET', path: staffPaths.filters },
  ];
}

describe.each(dbKinds)('the staff console under attack (%s)', (kind) => {
  let scenario: Scenario;
  afterAll(async () => {
    await scenario?.close();
    await stopAllServers();
  });

  /** `?` placeholders on either database. */
  const numbered = (sql: string): string =>
    scenario.db.kind === 'sqlite'
      ? sql
      : sql.replace(/\?/g, (_, offset: number) => `$${sql.slice(0, offset).split('?').length}`);
  const read = (sql: string, params: unknown[]) => scenario.db.query(numbered(sql), params);
  const write = async (sql: string, params: unknown[]): Promise<void> => {
    if (scenario.db.kind === 'sqlite') sqliteWrite(scenario.db.name, sql, params);
    else await scenario.db.query(numbered(sql), params);
  };

  it('locks sign-in per account and per address, and tells nobody which e-mails exist', async () => {
    scenario = await startScenario(kind, 'staffattack', { env: { TRUST_PROXY: '127.0.0.1' } });
    const port = scenario.server.port;
    addAccount(scenario.db.url, 'agent@example.ir', 'agent');
    addAccount(scenario.db.url, 'admin@example.ir', 'admin');
    addAccount(scenario.db.url, 'victim@example.ir', 'agent');

    // One generic message, for a known e-mail with a wrong password and for an unknown e-mail.
    const known = await signIn(await client(port), 'agent@example.ir', 'wrong password here');
    const unknown = await signIn(await client(port), 'nobody@example.ir', 'wrong password here');
    expectRefused(known, 401, 'wrong password');
    expect(String(unknown.body), 'unknown e-mail answered like a known one').toBe(String(known.body));
    expect(unknown.status).toBe(known.status);

    // Per account, each attempt from a new address: a wrong guess, then at once the right password,
    // which is held back in the delay the guess earned (told how long, and counted as a guess too);
    // then waiting that out. The fifth attempt in a row locks the account for 15 minutes.
    expect((await signIn(await client(port), 'victim@example.ir')).status, 'the victim can sign in').toBe(200);
    let refusedInDelay = 0;
    let attempts = 0;
    for (;;) {
      // Both clients are ready first, so the right password follows the guess's answer at once.
      const [guesser, colleague] = await Promise.all([client(port), client(port)]);
      expectRefused(await signIn(guesser, 'victim@example.ir', `guess ${attempts}`), 401, 'a guess');
      attempts += 1;
      if (attempts === 5) break;
      const early = await signIn(colleague, 'victim@example.ir');
      expectRefused(early, 429, `the right password right after attempt ${attempts}`);
      expect(errorCode(early)).toBe('sign_in_locked');
      refusedInDelay += 1;
      attempts += 1;
      await sleep(Number(early.headers['retry-after']) * 1000 + 300);
    }
    const [lock] = (await scenario.db.query(
      `select locked_until - last_failure_at as span from throttle where key = 'account:victim@example.ir'`,
    )) as Array<{ span: number | string }>;
    expect(Number(lock.span), 'a lock of 15 minutes, not another delay').toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    const waiting = await signIn(await client(port), 'victim@example.ir');
    expectRefused(waiting, 429, 'the right password during the lock');
    expect(Number(waiting.headers['retry-after']), 'the time left, in Retry-After').toBeGreaterThan(14 * 60);
    recordFigure(kind, 'staff sign-in: attempts before the account lock', attempts);
    recordFigure(kind, 'staff sign-in: right password held back in a delay or lock', refusedInDelay + 1);

    // Per address: ten free failures over unknown e-mails, then even a right password is held back.
    // Outside the range the other clients are drawn from, so no earlier guess counts against it.
    const office = '198.51.100.7';
    let free = 0;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const [visitor, colleague] = await Promise.all([client(port, office), client(port, office)]);
      const wrong = await signIn(visitor, `nobody${attempt}@example.ir`, 'guess');
      expectRefused(wrong, 401, `address guess ${attempt}`);
      const right = await signIn(colleague, 'admin@example.ir');
      if (right.status !== 200) break;
      free += 1;
    }
    expect(free).toBe(10);
    recordFigure(kind, 'staff sign-in: free failures per address before delays', free);
  }, 120_000);

  it('holds the lock against parallel guesses from one address and from many, over two processes', async () => {
    const other = await ServerProcess.start({
      databaseUrl: scenario.db.url,
      label: `staffattack2/${kind}`,
      env: { TRUST_PROXY: '127.0.0.1' },
    });
    scenario.servers.push(other);
    const ports = [scenario.server.port, other.port];
    const bursts = [
      { email: 'burst-one@example.ir', from: () => '198.51.100.77', name: 'one address' },
      { email: 'burst-many@example.ir', from: address, name: 'many addresses' },
    ];
    for (const burst of bursts) {
      addAccount(scenario.db.url, burst.email, 'agent');
      // Every client is ready before the first guess leaves, so the guesses really are in flight together.
      const guessers = await Promise.all(
        Array.from({ length: PARALLEL_GUESSES }, (_, index) => client(ports[index % 2], burst.from())),
      );
      const answers = await Promise.all(
        guessers.map((guesser, index) => signIn(guesser, burst.email, `guess ${index}`)),
      );
      const checked = answers.filter((answer) => answer.status === 401).length;
      const held = answers.filter((answer) => answer.status === 429).length;
      expect({ burst: burst.name, checked, held }).toEqual({
        burst: burst.name,
        checked: 1,
        held: PARALLEL_GUESSES - 1,
      });
      for (const answer of answers) expect(errorBodyProblem(answer), burst.name).toBeUndefined();

      // The right password, from a fresh address on either process, waits for the lock to end.
      for (const port of ports) {
        const right = await signIn(await client(port), burst.email);
        expectRefused(right, 429, `the right password after a burst from ${burst.name}`);
        expect(Number(right.headers['retry-after']), `${burst.name}: locked, not delayed`).toBeGreaterThan(14 * 60);
      }
      const [row] = (await read('select failures from throttle where key = ?', [`account:${burst.email}`])) as Array<{
        failures: number;
      }>;
      recordFigure(
        kind,
        `staff sign-in: ${PARALLEL_GUESSES} parallel guesses from ${burst.name}, passwords checked`,
        checked,
      );
      recordFigure(
        kind,
        `staff sign-in: ${PARALLEL_GUESSES} parallel guesses from ${burst.name}, attempts counted on the account`,
        Number(row.failures),
      );

      // The lock ends (moved into the past, as the suite moves a captcha's expiry): the right password is let in.
      await write('update throttle set locked_until = ? where key = ?', [Date.now() - 1, `account:${burst.email}`]);
      expect((await signIn(await client(other.port), burst.email)).status, `${burst.name}: in after the lock`).toBe(
        200,
      );
    }
  }, 120_000);

  it('refuses every staff route a missing, forged, expired or revoked session, and agents on admin routes', async () => {
    const port = scenario.server.port;
    const manager = await client(port);
    const registered = await manager.register(validRegistration(random, await manager.solvedCaptcha()));
    expect(registered.status).toBe(200);
    const [{ id }] = (await scenario.db.query('select id from registrations order by id desc limit 1')) as Array<{
      id: number;
    }>;

    const agent = await client(port);
    expect((await signIn(agent, 'agent@example.ir')).status).toBe(200);
    const revoked = await client(port);
    expect((await signIn(revoked, 'agent@example.ir')).status).toBe(200);
    const revokedCookie = staffCookie(revoked)!;
    expect((await revoked.send('DELETE', staffPaths.session, undefined, noBody)).status).toBe(204);
    const expired = await client(port);
    expect((await signIn(expired, 'agent@example.ir')).status).toBe(200);
    await write('update staff_sessions set last_seen_at = ?, created_at = ?', [
      Date.now() - DAY_MS,
      Date.now() - DAY_MS,
    ]);

    const bad: Record<string, (visitor: ApiClient) => void> = {
      missing: (visitor) => visitor.jar.cookies.delete('staff'),
      forged: (visitor) => visitor.jar.cookies.set('staff', randomBytes(32).toString('base64url')),
      revoked: (visitor) => visitor.jar.cookies.set('staff', revokedCookie),
      expired: (visitor) => visitor.jar.cookies.set('staff', staffCookie(expired)!),
    };
    let tried = 0;
    for (const [name, spoil] of Object.entries(bad)) {
      for (const route of staffRoutes(id)) {
        const visitor = await client(port);
        spoil(visitor);
        const body = route.body === undefined ? undefined : JSON.stringify(route.body);
        expectRefused(
          await visitor.send(route.method, route.path, body, body === undefined ? noBody : {}),
          401,
          `${name} session: ${route.method} ${route.path}`,
        );
        tried += 1;
      }
    }
    // The expired session's sign-in was spoiled by the clock: sign the agent in again for the roles.
    expect((await signIn(agent, 'agent@example.ir')).status).toBe(200);
    for (const path of [`${staffPaths.export}?format=csv`, staffPaths.audit]) {
      const answer = await agent.get(path);
      expectRefused(answer, 403, `agent on ${path}`);
      expect(errorCode(answer)).toBe('forbidden');
    }
    const [{ status }] = (await scenario.db.query(
      `select status from registrations where id = ${Number(id)}`,
    )) as Array<{
      status: string;
    }>;
    expect(status, 'no refused write changed the registration').toBe('new');
    recordFigure(kind, 'staff routes × bad sessions refused 401', `${tried} / ${tried}`);
    recordFigure(kind, 'staff admin routes refused to an agent', '2 / 2');
  }, 120_000);

  it("refuses staff writes without the anti-forgery token, with another session's, or forged; a session set before sign-in is replaced", async () => {
    const port = scenario.server.port;
    const [{ id }] = (await scenario.db.query('select id from registrations order by id desc limit 1')) as Array<{
      id: number;
    }>;
    const agent = await client(port);
    // Fixation: a session id the attacker planted before sign-in.
    const planted = randomBytes(32).toString('base64url');
    agent.jar.cookies.set('staff', planted);
    expect((await signIn(agent, 'agent@example.ir')).status).toBe(200);
    expect(staffCookie(agent), 'sign-in issues a new session id').not.toBe(planted);
    const attacker = await client(port);
    attacker.jar.cookies.set('staff', planted);
    expectRefused(await attacker.get(staffPaths.registrations), 401, 'the planted session id');

    const other = await client(port);
    const forged = `${randomBytes(18).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    const attempts: Array<[string, string | null]> = [
      ['no token', null],
      ["another visitor's token", other.jar.xsrf()!],
      ['a forged token', forged],
    ];
    for (const [what, xsrf] of attempts) {
      const move = await agent.postJson(
        staffPaths.status.replace(':id', String(id)),
        { from: 'new', to: 'contacted' },
        { xsrf },
      );
      expectRefused(move, 403, `status change with ${what}`);
      const note = await agent.postJson(staffPaths.notes.replace(':id', String(id)), { body: 'جعلی' }, { xsrf });
      expectRefused(note, 403, `note with ${what}`);
      const out = await agent.send('DELETE', staffPaths.session, undefined, { ...noBody, xsrf });
      expectRefused(out, 403, `sign-out with ${what}`);
    }
    const notes = await scenario.db.query('select count(*) as n from registration_notes');
    expect(Number((notes[0] as { n: number | string }).n), 'no forged note was written').toBe(0);
    expect((await agent.get(staffPaths.registrations)).status, 'the session survived the forged sign-outs').toBe(200);
    recordFigure(kind, 'staff CSRF: forged writes refused 403', `${attempts.length * 3} / ${attempts.length * 3}`);
    recordFigure(kind, 'staff session fixation: planted id refused', 'yes');
  }, 120_000);

  it('keeps the audit log append-only through the API, and logs no password, session id or personal value', async () => {
    const port = scenario.server.port;
    const admin = await client(port);
    expect((await signIn(admin, 'admin@example.ir')).status).toBe(200);
    const before = (await scenario.db.query('select id, action, detail from audit_events order by id')) as unknown[];
    expect(before.length).toBeGreaterThan(0);
    let refused = 0;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of [staffPaths.audit, `${staffPaths.audit}/1`]) {
        const answer = await admin.send(method, path, JSON.stringify({ action: 'erased' }));
        expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${path}`).toBeLessThan(500);
        refused += 1;
      }
    }
    const after = (await scenario.db.query('select id, action, detail from audit_events order by id')) as unknown[];
    expect(after.slice(0, before.length), 'earlier audit entries unchanged').toEqual(before);
    recordFigure(kind, 'staff audit log: changes through the API refused', `${refused} / ${refused}`);

    const secrets = new Set<string>([PASSWORD, 'wrong password here', staffCookie(admin)!]);
    const rows = (await scenario.db.query('select payload from registrations')) as Array<{ payload: string }>;
    for (const row of rows) for (const value of personalValues(JSON.parse(row.payload) as never)) secrets.add(value);
    const lines = scenario.servers.flatMap((server) => server.lines);
    expect(lines.length).toBeGreaterThan(0);
    expect(leaks(lines, secrets)).toEqual([]);
    recordFigure(kind, 'staff logs: lines with a password, session id or personal value', 0);
  }, 60_000);

  it('shows HTML and script typed into a registration as text in the console, under its CSP, in Chromium', async () => {
    const port = scenario.server.port;
    const marker = `x${randomBytes(4).toString('hex')}`;
    const payloads = {
      name: `داروخانه <img src=x onerror="window.${marker}=1">`,
      address: `خیابان <script>window.${marker}=2</script> کوچه <svg onload="window.${marker}=3">`,
      firstName: `<b onmouseover="window.${marker}=4">علی</b>`,
      lastName: `"><iframe srcdoc="<script>parent.${marker}=5</script>">`,
    };
    const manager = await client(port);
    const base = validRegistration(random, await manager.solvedCaptcha());
    const stored = await manager.register({
      ...base,
      name: payloads.name,
      address: payloads.address,
      adminData: { ...base.adminData, firstName: payloads.firstName, lastName: payloads.lastName },
    });
    // Fields whose schema refuses markup keep it out at the door: the rest must render as text.
    const accepted = stored.status === 200 ? Object.values(payloads) : [];
    const attempt = stored.status === 200 ? base : validRegistration(random, await manager.solvedCaptcha());
    if (stored.status !== 200) {
      const plain = await manager.register({ ...attempt, name: payloads.name, address: payloads.address });
      expect(plain.status, String(plain.body)).toBe(200);
      accepted.push(payloads.name, payloads.address);
    }
    const { trackingCode } = (
      await scenario.db.query('select tracking_code as "trackingCode" from registrations order by id desc limit 1')
    )[0] as { trackingCode: string };

    const executablePath =
      process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
    const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const context = await browser.newContext({ locale: 'fa-IR' });
      await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
      await context.addInitScript(() => {
        const store: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
        document.addEventListener('securitypolicyviolation', (event) =>
          store.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`http://127.0.0.1:${port}/staff`);
      await page.getByLabel(faConsole.staff.email).fill('agent@example.ir');
      await page.getByLabel(faConsole.staff.password).fill(PASSWORD);
      await page.getByRole('button', { name: faConsole.staff.signIn }).click();
      await page.getByRole('searchbox', { name: faConsole.staff.search }).fill(trackingCode);
      await page.getByRole('search').getByRole('button', { name: faConsole.staff.search }).click();
      await page.getByRole('link', { name: trackingCode }).click();
      await page.getByRole('heading', { name: faConsole.staff.answers }).waitFor();
      const note = `<img src=y onerror="window.${marker}=6">`;
      await page.getByLabel(faConsole.staff.noteLabel).fill(note);
      await page.getByRole('button', { name: faConsole.staff.addNote }).click();
      await page.locator('.staff-timeline').getByText(note).waitFor();
      accepted.push(note);

      // Answers are shown with Persian digits, as the wizard's review step shows them.
      const text = toAsciiDigits(await page.locator('main').innerText());
      const shownAsText = accepted.filter((payload) => text.includes(payload)).length;
      const injected = await page.evaluate(
        (name) => ({
          ran: (window as unknown as Record<string, unknown>)[name] !== undefined,
          elements: document.querySelectorAll(
            'main img[src="x"], main img[src="y"], main script, main svg[onload], main iframe, main [onmouseover]',
          ).length,
          violations: (window as unknown as { __cspViolations: string[] }).__cspViolations.length,
        }),
        marker,
      );
      expect({ shownAsText, ...injected, dialogs }).toEqual({
        shownAsText: accepted.length,
        ran: false,
        elements: 0,
        violations: 0,
        dialogs: [],
      });
      recordFigure(kind, 'staff stored XSS: payloads shown as text / injected', `${shownAsText} / 0`);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
