/**
 * Abuse: forgery, replay, flood. CSRF tokens missing, forged, mismatched, from another
 * session, and cross-site Fetch Metadata → 403 csrf; captchas reused, expired, wrong or from another
 * session → captcha_invalid and spent; per-client rate limits (429, Retry-After, Persian message)
 * that a spoofed X-Forwarded-For escapes only when TRUST_PROXY says the proxy is trusted, shared by
 * two processes over Redis; a random-guessing attacker held to about limit × ¼ per window; 413.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { solveCaptcha, wrongAnswer } from './harness/captcha.js';
import { countRows, sqliteWrite, type TestDatabase } from './harness/db.js';
import { seededRandom, validRegistration } from './harness/data.js';
import { dbKinds, testRedisUrl } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { ApiClient, errorBodyProblem, errorCode, paths, rawRequest, type HttpResponse } from './harness/http.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { ServerProcess, sleep, stopAllServers } from './harness/server.js';

const random = seededRandom(61);

function expectRefusal(response: HttpResponse, status: number, code: string, what: string): void {
  expect({ what, status: response.status, code: errorCode(response) }).toEqual({ what, status, code });
  expect(errorBodyProblem(response), what).toBeUndefined();
}

async function visitor(port: number, options: ConstructorParameters<typeof ApiClient>[1] = {}): Promise<ApiClient> {
  const client = new ApiClient(port, options);
  await client.start();
  return client;
}

/** Cookie header from explicit pairs (to mix one visitor's cookies with another's). */
function cookieHeader(pairs: Record<string, string | undefined>): string {
  return Object.entries(pairs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** The rate windows are fixed minutes of the wall clock: start a sequence only with room left in this one. */
async function windowRoom(ms: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await sleep(left + 150);
}

/** A fresh address per scenario (TEST-NET-2 etc. are never real clients). */
function address(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

describe.each(dbKinds)('CSRF and captcha abuse (%s)', (kind) => {
  let scenario: Scenario;

  afterAll(async () => {
    await scenario?.close();
    await stopAllServers();
  });

  it('missing, forged, mismatched and cross-session tokens, and cross-site requests, are refused 403 csrf', async () => {
    scenario = await startScenario(kind, 'abuse');
    const port = scenario.server.port;
    const a = await visitor(port);
    const b = await visitor(port);
    const psidName = [...a.jar.cookies.keys()].find((name) => name !== 'XSRF-TOKEN' && !name.endsWith('XSRF-TOKEN'))!;
    expect(psidName, 'a pre-session cookie is set').toBeDefined();
    const psidA = a.jar.cookies.get(psidName);
    const psidB = b.jar.cookies.get(psidName);
    const tokenA = a.jar.xsrf()!;
    const tokenB = b.jar.xsrf()!;
    const forged = `${randomBytes(18).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    const tampered = `${tokenA.slice(0, -1)}${tokenA.endsWith('A') ? 'B' : 'A'}`;

    const post = async (
      cookie: string | undefined,
      token: string | undefined,
      extra: Record<string, string> = {},
    ): Promise<HttpResponse> => {
      const body = validRegistration(random, await a.solvedCaptcha());
      return rawRequest({
        port,
        method: 'POST',
        path: paths.registration,
        headers: {
          'content-type': 'application/json',
          cookie,
          'x-xsrf-token': token,
          'idempotency-key': randomUUID(),
          ...extra,
        },
        body: JSON.stringify(body),
      });
    };
    const cases: Array<[string, () => Promise<HttpResponse>]> = [
      ['no X-XSRF-TOKEN header', () => post(cookieHeader({ [psidName]: psidA, 'XSRF-TOKEN': tokenA }), undefined)],
      ['no cookies at all, header only', () => post(undefined, tokenA)],
      ['no pre-session cookie', () => post(cookieHeader({ 'XSRF-TOKEN': tokenA }), tokenA)],
      ['no XSRF cookie, header only', () => post(cookieHeader({ [psidName]: psidA }), tokenA)],
      [
        'forged token in cookie and header (naive double submit)',
        () => post(cookieHeader({ [psidName]: psidA, 'XSRF-TOKEN': forged }), forged),
      ],
      ['tampered signature', () => post(cookieHeader({ [psidName]: psidA, 'XSRF-TOKEN': tampered }), tampered)],
      [
        'header differs from cookie (another visitor’s token)',
        () => post(cookieHeader({ [psidName]: psidA, 'XSRF-TOKEN': tokenA }), tokenB),
      ],
      [
        'cross-session: B’s cookie and header with A’s pre-session',
        () => post(cookieHeader({ [psidName]: psidA, 'XSRF-TOKEN': tokenB }), tokenB),
      ],
      [
        'cross-session: A’s token with B’s pre-session',
        () => post(cookieHeader({ [psidName]: psidB, 'XSRF-TOKEN': tokenA }), tokenA),
      ],
      ['empty token', () => post(cookieHeader({ [psidName]: psidA, 'XSRF-TOKEN': '' }), '')],
      [
        'Sec-Fetch-Site: cross-site with a valid token',
        () =>
          post(cookieHeader({ [psidName]: psidA, 'XSRF-TOKEN': tokenA }), tokenA, { 'sec-fetch-site': 'cross-site' }),
      ],
    ];
    for (const [what, send] of cases) expectRefusal(await send(), 403, 'csrf', what);
    expect(await countRows(scenario.db, 'registrations'), 'nothing stored by forged requests').toBe(0);

    // Control: the same visitor with its own token (and a same-origin fetch) is accepted.
    const ok = await post(cookieHeader({ [psidName]: psidA, 'XSRF-TOKEN': tokenA }), tokenA, {
      'sec-fetch-site': 'same-origin',
    });
    expect(ok.status, ok.text).toBe(200);
    recordFigure(kind, 'csrf: forged requests refused 403', `${cases.length}/${cases.length}`);
  });

  it('a captcha reused, answered wrong, from another session, expired or unknown is refused and spent', async () => {
    const port = scenario.server.port;
    const a = await visitor(port);
    const b = await visitor(port);
    const before = await countRows(scenario.db, 'registrations');
    let misuse = 0;
    const register = (client: ApiClient, captcha: { id: string; validOptionIndex: number }): Promise<HttpResponse> =>
      client.register(validRegistration(random, captcha));

    // Reused: the first use registers, the second (right answer, new body, new key) is refused.
    const reused = await a.solvedCaptcha();
    expect((await register(a, reused)).status).toBe(200);
    expectRefusal(await register(a, reused), 400, 'captcha_invalid', 'captcha reused');
    misuse += 1;

    // Wrong, then right with the same id: spent by the wrong answer.
    const wrong = await a.captcha();
    expectRefusal(
      await register(a, { id: wrong.id, validOptionIndex: wrongAnswer(wrong) }),
      400,
      'captcha_invalid',
      'wrong answer',
    );
    expectRefusal(
      await register(a, { id: wrong.id, validOptionIndex: solveCaptcha(wrong) }),
      400,
      'captcha_invalid',
      'right answer after a wrong one',
    );
    misuse += 2;

    // Another session's captcha, answered right: refused, and spent for its owner too.
    const stolen = await a.solvedCaptcha();
    expectRefusal(await register(b, stolen), 400, 'captcha_invalid', 'captcha of another session');
    expectRefusal(await register(a, stolen), 400, 'captcha_invalid', 'owner after another session used it');
    misuse += 2;

    // Expired: the server exposes no expiry setting, so the test moves this captcha's expiry into
    // the past in the database (tests/api also checks the 5-minute edge with an injected clock).
    const expiring = await a.solvedCaptcha();
    const [stored] = await scenario.db.query('SELECT created_at, expires_at FROM captchas WHERE id = ?', [expiring.id]);
    expect(Number(stored.expires_at) - Number(stored.created_at), 'captcha lifetime').toBe(5 * 60_000);
    await expireCaptcha(scenario.db, expiring.id);
    expectRefusal(await register(a, expiring), 400, 'captcha_invalid', 'expired captcha');
    misuse += 1;

    // Unknown and missing ids.
    expectRefusal(
      await register(a, { id: randomBytes(16).toString('base64url'), validOptionIndex: 0 }),
      400,
      'captcha_invalid',
      'unknown captcha id',
    );
    // No id at all: the schema requires one (validation); a server without that rule says captcha_invalid.
    const noId = await a.register({
      ...validRegistration(random, { id: 'x', validOptionIndex: 0 }),
      captcha: { validOptionIndex: 0 },
    });
    expect(noId.status).toBe(400);
    expect(['validation', 'captcha_invalid']).toContain(errorCode(noId));
    expect(errorBodyProblem(noId)).toBeUndefined();
    misuse += 2;

    expect(await countRows(scenario.db, 'registrations'), 'only the one legitimate registration').toBe(before + 1);
    const spent = await scenario.db.query(
      'SELECT COUNT(*) AS n FROM captchas WHERE id IN (?, ?, ?, ?) AND spent_at IS NOT NULL',
      [reused.id, wrong.id, stolen.id, expiring.id],
    );
    expect(Number(spent[0].n), 'each misused captcha is marked spent').toBe(4);
    recordFigure(kind, 'captcha: misuse refused', `${misuse}/${misuse}`);
  });
});

describe.each(dbKinds)('Idempotency-Key abuse (%s)', (kind) => {
  let scenario: Scenario | undefined;
  afterAll(async () => {
    await scenario?.close();
    await stopAllServers();
  });

  it('a key reused by another visitor or with another body never returns the stored answer, and stores nothing', async () => {
    scenario = await startScenario(kind, 'idemabuse');
    const port = scenario.server.port;
    const victim = await visitor(port);
    const thief = await visitor(port);
    const key = randomUUID();
    const body = validRegistration(random, await victim.solvedCaptcha());
    const first = await victim.register(body, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    const trackingCode = (first.json as { trackingCode: string }).trackingCode;

    // Another visitor who learnt the key (and even the whole body) gets no tracking code.
    const sameBodyOtherSession = await thief.register(body, { idempotencyKey: key });
    const otherBody = await thief.register(validRegistration(random, await thief.solvedCaptcha()), {
      idempotencyKey: key,
    });
    // The owner with a changed body: refused, not silently answered with the old registration.
    const changed = await victim.register({ ...body, name: `${body.name} دوم` }, { idempotencyKey: key });
    // The owner repeating exactly: the same answer.
    const replay = await victim.register(body, { idempotencyKey: key.toUpperCase() });

    for (const [what, response] of [
      ['same body, other session', sameBodyOtherSession],
      ['other body, other session', otherBody],
      ['changed body, same session', changed],
    ] as const) {
      expect(response.status, `${what}: ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, what).toBeLessThan(500);
      expect(response.text, what).not.toContain(trackingCode);
      expect(errorBodyProblem(response), what).toBeUndefined();
    }
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(await countRows(scenario.db, 'registrations')).toBe(1);
    recordFigure(kind, 'idempotency: key misuse refused', '3/3');
  });
});

async function expireCaptcha(db: TestDatabase, id: string): Promise<void> {
  const past = Date.now() - 1000;
  if (db.kind === 'sqlite') {
    expect(
      sqliteWrite(db.url.slice('sqlite:'.length), 'UPDATE captchas SET expires_at = ? WHERE id = ?', [past, id]),
    ).toBe(1);
  } else {
    await db.query('UPDATE captchas SET expires_at = ? WHERE id = ?', [past, id]);
  }
}

const CAPTCHA_LIMIT = 12;
const REGISTRATION_LIMIT = 8;
const ATTACK_WINDOWS = Number(process.env.RELIABILITY_ATTACK_WINDOWS ?? 40);

describe('rate limits and the guessing attacker', () => {
  const scenarios: Scenario[] = [];
  const extraServers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of extraServers) await server.stop();
    for (const scenario of scenarios) await scenario.close();
    await stopAllServers();
  });

  const limits = {
    RATE_LIMIT_CAPTCHA_PER_MINUTE: String(CAPTCHA_LIMIT),
    RATE_LIMIT_REGISTRATION_PER_MINUTE: String(REGISTRATION_LIMIT),
  };

  it('without TRUST_PROXY, a spoofed X-Forwarded-For does not escape the limits: 429, Retry-After, Persian message', async () => {
    const scenario = await startScenario('sqlite', 'ratelimit', { env: { ...limits, TRUST_PROXY: undefined } });
    scenarios.push(scenario);
    const port = scenario.server.port;
    await windowRoom(10_000);
    // Every request claims another client address.
    const client = await visitor(port);
    const captchaStatuses: number[] = [];
    let captcha429: HttpResponse | undefined;
    for (let i = 0; i < CAPTCHA_LIMIT + 3; i += 1) {
      const response = await client.get(paths.captcha, { 'x-forwarded-for': address() });
      captchaStatuses.push(response.status);
      if (response.status === 429) captcha429 ??= response;
    }
    const registrationStatuses: number[] = [];
    let registration429: HttpResponse | undefined;
    for (let i = 0; i < REGISTRATION_LIMIT + 3; i += 1) {
      const body = validRegistration(random, { id: randomBytes(16).toString('base64url'), validOptionIndex: 0 });
      const response = await client.register(body, { headers: { 'x-forwarded-for': address() } });
      registrationStatuses.push(response.status);
      if (response.status === 429) registration429 ??= response;
    }
    const firstCaptcha429 = captchaStatuses.indexOf(429);
    const firstRegistration429 = registrationStatuses.indexOf(429);
    recordFigure('any', 'rate limit: captcha limit / 429 after', `${CAPTCHA_LIMIT} / ${firstCaptcha429}`);
    recordFigure(
      'any',
      'rate limit: registration limit / 429 after',
      `${REGISTRATION_LIMIT} / ${firstRegistration429}`,
    );
    recordFigure(
      'any',
      'rate limit: spoofed XFF without TRUST_PROXY',
      firstCaptcha429 === CAPTCHA_LIMIT ? 'still limited' : 'ESCAPED',
    );

    expect(
      captchaStatuses.slice(0, CAPTCHA_LIMIT).every((s) => s === 200),
      captchaStatuses.join(','),
    ).toBe(true);
    expect(
      captchaStatuses.slice(CAPTCHA_LIMIT).every((s) => s === 429),
      captchaStatuses.join(','),
    ).toBe(true);
    expect(
      registrationStatuses.slice(0, REGISTRATION_LIMIT).every((s) => s === 400),
      registrationStatuses.join(','),
    ).toBe(true);
    expect(
      registrationStatuses.slice(REGISTRATION_LIMIT).every((s) => s === 429),
      registrationStatuses.join(','),
    ).toBe(true);
    for (const response of [captcha429!, registration429!]) {
      expectRefusal(response, 429, 'rate_limited', 'over the limit');
      const retryAfter = Number(response.headers['retry-after']);
      expect(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
        `Retry-After ${response.headers['retry-after']}`,
      ).toBe(true);
    }
  });

  it('with TRUST_PROXY naming the proxy, each forwarded client has its own limit; a random guesser gets about limit × ¼ per window', async () => {
    const scenario = await startScenario('sqlite', 'attacker', { env: { ...limits, TRUST_PROXY: '127.0.0.1' } });
    scenarios.push(scenario);
    const port = scenario.server.port;

    await windowRoom(5000);
    const one = await visitor(port, { forwardedFor: address() });
    const other = await visitor(port, { forwardedFor: address() });
    for (let i = 0; i < CAPTCHA_LIMIT; i += 1) expect((await one.get(paths.captcha)).status).toBe(200);
    expect((await one.get(paths.captcha)).status).toBe(429);
    expect((await other.get(paths.captcha)).status, 'another client behind the trusted proxy is not limited').toBe(200);

    // The attacker: one random guess per captcha (4 options), as fast as the limits allow, from a
    // new address (= a new window's budget) each round.
    const windows: Array<{ successes: number; attempts: number; stoppedBy429: boolean }> = [];
    for (let w = 0; w < ATTACK_WINDOWS; w += 1) {
      await windowRoom(3000);
      const attacker = await visitor(port, { forwardedFor: address() });
      let successes = 0;
      let attempts = 0;
      let stoppedBy429 = false;
      for (let guess = 0; guess < CAPTCHA_LIMIT + REGISTRATION_LIMIT + 5; guess += 1) {
        const captcha = await attacker.get(paths.captcha);
        if (captcha.status === 429) {
          stoppedBy429 = true;
          break;
        }
        const options = (captcha.json as { options: string[] }).options;
        expect(options.length).toBe(4);
        const response = await attacker.register(
          validRegistration(random, {
            id: (captcha.json as { id: string }).id,
            validOptionIndex: randomInt(options.length),
          }),
        );
        if (response.status === 429) {
          stoppedBy429 = true;
          break;
        }
        attempts += 1;
        if (response.status === 200) successes += 1;
        else expect(errorCode(response)).toBe('captcha_invalid');
      }
      windows.push({ successes, attempts, stoppedBy429 });
    }
    const perWindow = Math.min(CAPTCHA_LIMIT, REGISTRATION_LIMIT);
    const total = windows.reduce((sum, w) => sum + w.successes, 0);
    const tries = windows.length * perWindow;
    const bound = tries / 4 + 3 * Math.sqrt(tries * (1 / 4) * (3 / 4));
    const mean = total / windows.length;
    const boundPerWindow = bound / windows.length;
    console.log(
      `[attacker] ${windows.length} windows × ${perWindow} guesses: ${total} registrations, ${mean.toFixed(2)} per window ` +
        `(limit × ¼ = ${perWindow / 4}; bound with 3σ over all windows ${boundPerWindow.toFixed(2)})`,
    );
    recordFigure('any', 'attacker: windows', windows.length);
    recordFigure(
      'any',
      'attacker: attempts per window',
      `max ${Math.max(...windows.map((w) => w.attempts))} (limit ${perWindow})`,
    );
    recordFigure('any', 'attacker: registrations per window (mean)', mean.toFixed(2));
    recordFigure('any', 'attacker: bound (limit/4 + 3σ)', boundPerWindow.toFixed(2));

    expect(
      windows.every((w) => w.attempts <= perWindow),
      JSON.stringify(windows),
    ).toBe(true);
    expect(windows.every((w) => w.stoppedBy429)).toBe(true);
    expect(total).toBeLessThanOrEqual(bound);
    expect(await countRows(scenario.db, 'registrations')).toBe(total);
  });

  it.skipIf(!testRedisUrl)('with REDIS_URL, two server processes share one limit', async () => {
    const scenario = await startScenario('sqlite', 'redis1', {
      env: { ...limits, TRUST_PROXY: '127.0.0.1', REDIS_URL: testRedisUrl },
    });
    scenarios.push(scenario);
    const second = await ServerProcess.start({
      databaseUrl: scenario.db.url,
      label: 'redis2/sqlite',
      env: { ...limits, TRUST_PROXY: '127.0.0.1', REDIS_URL: testRedisUrl },
    });
    extraServers.push(second);
    // A client address of this run only: the Redis keys it makes are this run's, and deleted below.
    const ip = `203.0.${randomInt(256)}.${randomInt(1, 255)}`;
    const redis = new Redis(testRedisUrl!);
    try {
      await windowRoom(8000);
      const clients = [
        await visitor(scenario.server.port, { forwardedFor: ip }),
        await visitor(second.port, { forwardedFor: ip }),
      ];
      const statuses: number[] = [];
      for (let i = 0; i < CAPTCHA_LIMIT + 4; i += 1) statuses.push((await clients[i % 2].get(paths.captcha)).status);
      const allowed = statuses.filter((s) => s === 200).length;
      recordFigure(
        'any',
        'rate limit: shared over Redis (2 processes)',
        `${allowed} allowed of ${statuses.length} (limit ${CAPTCHA_LIMIT})`,
      );
      expect(allowed, `statuses alternating between the two processes: ${statuses.join(',')}`).toBe(CAPTCHA_LIMIT);
      expect(statuses.slice(CAPTCHA_LIMIT).every((s) => s === 429)).toBe(true);
    } finally {
      const keys = await redis.keys(`*${ip}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it('a body over 16 KB is refused 413 too_large, one at the limit is read', async () => {
    // Limits are checked before the body is read, so this server has the suite's high default limits.
    const scenario = await startScenario('sqlite', 'bodylimit');
    scenarios.push(scenario);
    const client = await visitor(scenario.server.port, {});
    const sized = (bytes: number): string => {
      const body = validRegistration(random, { id: 'x', validOptionIndex: 0 });
      const base = Buffer.byteLength(JSON.stringify(body));
      body.address += 'a'.repeat(bytes - base);
      const text = JSON.stringify(body);
      expect(Buffer.byteLength(text)).toBe(bytes);
      return text;
    };
    const atLimit = await client.send('POST', paths.registration, sized(16 * 1024));
    const over = await client.send('POST', paths.registration, sized(16 * 1024 + 1));
    const large = await client.send('POST', paths.registration, sized(2 * 1024 * 1024));
    // At the limit the body is read and judged: the address is too long, 400 validation.
    expectRefusal(atLimit, 400, 'validation', 'exactly 16 KB');
    expectRefusal(over, 413, 'too_large', '16 KB + 1 byte');
    expectRefusal(large, 413, 'too_large', '2 MB');
  });
});
