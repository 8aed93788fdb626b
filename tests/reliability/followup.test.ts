/**
 * The applicant's follow-up (status page, one-time codes, SMS) under attack, against real server processes: hostile bodies and bursts on the status
 * and code routes (never a 5xx, a code's five looks and three tries hold in parallel, no code
 * guessed), and the SMS queue while the provider fails and the server is killed (no message lost,
 * none sent twice, registrations neither failed nor slowed).
 */
import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CODES_PER_ADDRESS } from '../../src/server/mobile-code/mobile-code.service.js';
import { followupPaths } from '../../src/shared/contracts/followup.js';
import type { CodeProof, CodeProofChallenge } from '../../src/shared/contracts/followup.schemas.js';
import { solveCodeProof } from '../fixtures/code-proof.js';
import { fakeKavenegar, type FakeKavenegar } from '../fixtures/fake-kavenegar.js';
import { verifiedDefinition } from '../fixtures/verified-definition.js';
import { seededRandom, validRegistration } from './harness/data.js';
import { dbKinds } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { ApiClient, errorBodyProblem, errorCode, type HttpResponse } from './harness/http.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { ServerProcess, sleep, stopAllServers } from './harness/server.js';

const random = seededRandom(2020);
const schemasDir = verifiedDefinition();
/** A fresh documentation address (TEST-NET-2) per simulated client. */
const address = (): string => `198.51.100.${randomInt(1, 255)}`;
let mobileCounter = 3_000_000;
const freshMobile = (): string => `0912${String((mobileCounter += 13)).padStart(7, '0')}`;

async function healthy(port: number): Promise<boolean> {
  return (await new ApiClient(port).get('/api/health')).status === 200;
}

async function visitor(port: number, forwardedFor = address()): Promise<ApiClient> {
  const client = new ApiClient(port, { forwardedFor, secFetchSite: 'same-origin' });
  await client.start();
  return client;
}

/** The client's own challenge, solved as the wizard's worker solves it. */
async function proofFor(client: ApiClient): Promise<CodeProof> {
  const challenge = await client.get(followupPaths.mobileCodeChallenge);
  if (challenge.status !== 200) throw new Error(`Challenge answered ${challenge.status}: ${challenge.text}`);
  return solveCodeProof(challenge.json as CodeProofChallenge);
}

/** Code requests ready to leave (proofs solved), sent together or one after another. */
async function sendCodes(
  requests: Array<{ client: ApiClient; mobileNumber: string }>,
  together: boolean,
): Promise<HttpResponse[]> {
  const ready = await Promise.all(
    requests.map(async ({ client, mobileNumber }) => ({
      client,
      body: { mobileNumber, proof: await proofFor(client) },
    })),
  );
  if (together) return Promise.all(ready.map(({ client, body }) => client.postJson(followupPaths.mobileCode, body)));
  const answers: HttpResponse[] = [];
  for (const { client, body } of ready) answers.push(await client.postJson(followupPaths.mobileCode, body));
  return answers;
}

afterAll(() => rmSync(schemasDir, { recursive: true, force: true }));

describe.each(dbKinds)('status, codes and the SMS queue under attack (%s)', (kind) => {
  /** `codes`: the worked example's definition (the mobile verified by SMS); `queue`: the shipped one. */
  let codes: Scenario | undefined;
  let queue: Scenario | undefined;
  let kavenegar: FakeKavenegar;
  afterAll(async () => {
    await codes?.close();
    await queue?.close();
    await stopAllServers();
    await kavenegar?.close();
  });

  const rows = (scenario: Scenario, sql: string, params: unknown[] = []) => {
    const numbered =
      scenario.db.kind === 'sqlite'
        ? sql
        : sql.replace(/\?/g, (_, offset: number) => `$${sql.slice(0, offset).split('?').length}`);
    return scenario.db.query(numbered, params);
  };
  const smsEnv = () => ({
    TRUST_PROXY: '127.0.0.1',
    SMS_PROVIDER: 'kavenegar',
    SMS_API_KEY: 'reliability-key-0123456789',
    SMS_API_URL: kavenegar.url,
    SMS_CODE_TEMPLATE: 'pharmacy-verify',
    SMS_TIMEOUT_MS: '2000',
    PUBLIC_URL: 'https://pharmacy.example.ir',
    RATE_LIMIT_STATUS_PER_MINUTE: '1000000',
    RATE_LIMIT_MOBILE_CODE_PER_MINUTE: '1000000',
    // A light proof of work: the burst tests measure the limits, not the solver.
    SMS_CODE_PROOF_DIFFICULTY: '50',
  });

  it('answers hostile bodies on the status and code routes with a Persian 4xx, never a 5xx', async () => {
    kavenegar = await fakeKavenegar();
    codes = await startScenario(kind, 'followupcodes', { env: { ...smsEnv(), SCHEMAS_DIR: schemasDir } });
    queue = await startScenario(kind, 'followupqueue', { env: smsEnv() });
    const port = codes.server.port;
    const anything = fc.oneof(
      fc.anything(),
      fc.string({ maxLength: 200 }),
      fc.stringMatching(/^[0-9۰-۹\-\s]{0,20}$/),
      fc.constantFrom("' OR 1=1 --", '<script>alert(1)</script>', '0'.repeat(10_000), '\u0000', '09123456789'),
    );
    const bodies = fc.sample(
      fc.oneof(
        fc.record({ trackingCode: anything, mobileNumber: anything }, { requiredKeys: [] }),
        fc.record({ mobileNumber: anything, code: anything }, { requiredKeys: [] }),
        fc.record({ mobileNumber: anything, code: anything, extra: anything }),
        anything,
      ),
      { numRuns: 600, seed: 2020 },
    );
    const routes = [followupPaths.status, followupPaths.mobileCode, followupPaths.mobileCodeCheck];
    const statuses = new Map<number, number>();
    const offContract: string[] = [];
    const client = await visitor(port);
    let index = 0;
    for (const body of bodies) {
      const route = routes[index % routes.length];
      index += 1;
      let text: string;
      try {
        text = JSON.stringify(body) ?? 'null';
      } catch {
        text = '{';
      }
      // Every few, not JSON at all.
      const response = await client.send('POST', route, index % 17 === 0 ? text.slice(0, -1) || '{' : text);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500 || (response.status >= 400 && errorBodyProblem(response)))
        offContract.push(`${route} ${response.status} ${response.text.slice(0, 120)}`);
    }
    const fiveXx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
    recordFigure(kind, 'follow-up bad input: requests / 5xx', `${bodies.length} / ${fiveXx}`);
    expect(offContract).toEqual([]);
    expect(fiveXx).toBe(0);
    expect(await healthy(port)).toBe(true);
  });

  it('looks at a tracking code five times, whatever the burst, and never for the right number after', async () => {
    const port = queue!.server.port;
    const manager = await visitor(port);
    const registration = validRegistration(random, await manager.solvedCaptcha());
    const registered = await manager.register(registration);
    expect(registered.status).toBe(200);
    const { trackingCode } = registered.json as { trackingCode: string };

    const guesses = await Promise.all(
      Array.from({ length: 200 }, async () =>
        (await visitor(port)).postJson(followupPaths.status, { trackingCode, mobileNumber: freshMobile() }),
      ),
    );
    const count = (status: number) => guesses.filter((response) => response.status === status).length;
    recordFigure(
      kind,
      'status burst: guesses / looked at / locked / 5xx',
      `200 / ${count(404)} / ${count(429)} / ${guesses.filter((response) => response.status >= 500).length}`,
    );
    expect(count(404)).toBe(5);
    expect(count(429)).toBe(195);
    expect(guesses.every((response) => errorBodyProblem(response) === undefined)).toBe(true);
    const right = await (
      await visitor(port)
    ).postJson(followupPaths.status, { trackingCode, mobileNumber: registration.adminData.mobileNumber });
    expect(errorCode(right)).toBe('status_locked');
  });

  it('sends one code for a burst of requests, and lets no burst of guesses find it', async () => {
    const port = codes!.server.port;
    let guessed = 0;
    let evaluated = 0;
    const numbers = Array.from({ length: 8 }, freshMobile);
    for (const mobileNumber of numbers) {
      const owner = await visitor(port);
      const sends = await sendCodes(
        Array.from({ length: 30 }, () => ({ client: owner, mobileNumber })),
        true,
      );
      expect(sends.filter((response) => response.status === 200)).toHaveLength(1);
      expect(sends.filter((response) => response.status >= 500)).toHaveLength(0);
      // The provider (Kavenegar) takes the code within a moment; the outbox then keeps none.
      let real: string | undefined;
      for (let waited = 0; real === undefined && waited < 100; waited += 1) {
        real = kavenegar.requests.findLast((request) => request.params.receptor === mobileNumber)?.params.token;
        if (real === undefined) await sleep(100);
      }
      expect(real).toMatch(/^\d{5}$/);
      await sleep(200);
      const [queued] = await rows(codes!, "SELECT token, status FROM sms_outbox WHERE kind = 'code' AND receptor = ?", [
        mobileNumber,
      ]);
      expect(queued).toMatchObject({ status: 'sent', token: null });
      // A guesser in the same pre-session: 100 guesses at once, none of them the code.
      const tried = new Set<string>();
      while (tried.size < 100) {
        const guess = String(Math.floor(random() * 100_000)).padStart(5, '0');
        if (guess !== real) tried.add(guess);
      }
      const answers: HttpResponse[] = await Promise.all(
        [...tried].map((code) => owner.postJson(followupPaths.mobileCodeCheck, { mobileNumber, code })),
      );
      evaluated += answers.filter((response) => errorCode(response) === 'mobile_code_wrong').length;
      guessed += answers.filter((response) => response.status === 204).length;
      expect(answers.filter((response) => response.status >= 500)).toHaveLength(0);
      // The code's three tries are spent: the right code no longer opens it.
      const late = await owner.postJson(followupPaths.mobileCodeCheck, { mobileNumber, code: real });
      expect(errorCode(late)).toBe('mobile_code_expired');
    }
    recordFigure(
      kind,
      'code guessing: codes / guesses / told wrong / guessed',
      `${numbers.length} / ${numbers.length * 100} / ${evaluated} / ${guessed}`,
    );
    // Two answers say «wrong»; the third try ends the code.
    expect(evaluated).toBe(numbers.length * 2);
    expect(guessed).toBe(0);
  });

  it('holds thirty code requests from one IPv6 /64 to the per-address limit, in sequence and at once, over two processes', async () => {
    const second = await ServerProcess.start({
      databaseUrl: codes!.db.url,
      label: `followupcodes2/${kind}`,
      env: { ...smsEnv(), SCHEMAS_DIR: schemasDir },
    });
    codes!.servers.push(second);
    const ports = [codes!.server.port, second.port];
    const bursts = [
      { together: false, client: (host: number) => `2001:db8:64:1::${host.toString(16)}` },
      { together: true, client: (host: number) => `2001:db8:64:2:${host.toString(16)}::${(host * 7).toString(16)}` },
    ];
    for (const burst of bursts) {
      const requests = await Promise.all(
        Array.from({ length: 30 }, async (_, host) => ({
          client: await visitor(ports[host % 2], burst.client(host + 1)),
          mobileNumber: freshMobile(),
        })),
      );
      const answers = await sendCodes(requests, burst.together);
      const sent = answers.filter((response) => response.status === 200).length;
      const limited = answers.filter((response) => errorCode(response) === 'mobile_code_limit').length;
      recordFigure(
        kind,
        `codes from one /64 ${burst.together ? 'at once' : 'in sequence'}: asked / sent / limited`,
        `30 / ${sent} / ${limited}`,
      );
      expect(sent).toBe(CODES_PER_ADDRESS);
      expect(limited).toBe(30 - CODES_PER_ADDRESS);
      if (!burst.together)
        expect(answers.slice(0, CODES_PER_ADDRESS).every((response) => response.status === 200)).toBe(true);
      const [queued] = await rows(
        codes!,
        `SELECT count(*) AS count FROM sms_outbox WHERE kind = 'code' AND receptor IN (${requests.map(() => '?').join(', ')})`,
        requests.map((request) => request.mobileNumber),
      );
      expect(Number(queued.count)).toBe(CODES_PER_ADDRESS);
    }
  }, 120_000);

  it('sends exactly SMS_CODES_PER_HOUR codes of sixty asked at once over two processes; the rest 503 sms_capacity', async () => {
    const ALLOWANCE = 10;
    const env = { ...smsEnv(), SCHEMAS_DIR: schemasDir, SMS_CODES_PER_HOUR: String(ALLOWANCE) };
    const scenario = await startScenario(kind, 'smscap', { env });
    try {
      const second = await ServerProcess.start({ databaseUrl: scenario.db.url, label: `smscap2/${kind}`, env });
      scenario.servers.push(second);
      const ports = [scenario.server.port, second.port];
      const requests = await Promise.all(
        Array.from({ length: 60 }, async (_, index) => ({
          client: await visitor(ports[index % 2], `203.0.113.${index + 1}`),
          mobileNumber: freshMobile(),
        })),
      );
      // The allowance is per clock hour: a burst that straddled one would be counted in two.
      const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
      if (toNextHour < 20_000) await sleep(toNextHour + 100);
      const answers = await sendCodes(requests, true);
      const sent = answers.filter((response) => response.status === 200);
      const refused = answers.filter((response) => response.status === 503);
      const warningLines = () =>
        scenario.servers.flatMap((server) =>
          server.lines.filter((line) => line.text.includes('SMS_CODES_PER_HOUR reached')),
        );
      // The log is written asynchronously: the answers can come back before their line is read.
      const logDeadline = Date.now() + 5_000;
      while (warningLines().length === 0 && Date.now() < logDeadline) await sleep(50);
      const warnings = warningLines();
      recordFigure(
        kind,
        'SMS allowance, 60 at once on two processes: allowance / sent / 503 / warning lines',
        `${ALLOWANCE} / ${sent.length} / ${refused.length} / ${warnings.length}`,
      );
      expect(sent).toHaveLength(ALLOWANCE);
      expect(refused).toHaveLength(60 - ALLOWANCE);
      for (const response of refused) {
        expect(errorCode(response)).toBe('sms_capacity');
        expect(errorBodyProblem(response)).toBeUndefined();
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(3600);
      }
      // One line a minute per process, not one per refusal.
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(ports.length);
      const [queued] = await rows(scenario, "SELECT count(*) AS count FROM sms_outbox WHERE kind = 'code'");
      expect(Number(queued.count)).toBe(ALLOWANCE);
      expect(await healthy(second.port)).toBe(true);
    } finally {
      await scenario.close();
    }
  }, 120_000);

  it('loses no SMS while the provider fails and the server is killed, sends none twice, and keeps registrations fast', async () => {
    kavenegar.behave({ kind: 'error', status: 503 });
    kavenegar.requests.length = 0;
    const port = queue!.server.port;
    const trackingCodes: string[] = [];
    const took: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const manager = await visitor(port);
      const captcha = await manager.solvedCaptcha();
      const started = Date.now();
      const response = await manager.register(validRegistration(random, captcha));
      took.push(Date.now() - started);
      expect(response.status).toBe(200);
      trackingCodes.push((response.json as { trackingCode: string }).trackingCode);
    }
    await sleep(2_000);
    // kill -9 mid-outage, then a restart: the queue is in the database.
    await queue!.server.kill();
    const server = await queue!.restart();
    await sleep(6_000);
    kavenegar.behave({ kind: 'ok' });
    const receipts = () =>
      rows(
        queue!,
        "SELECT r.tracking_code AS code, o.status AS status FROM sms_outbox o JOIN registrations r ON r.id = o.registration_id WHERE o.kind = 'receipt'",
      );
    const deadline = Date.now() + 90_000;
    for (;;) {
      const sent = (await receipts()).filter(
        (row) => trackingCodes.includes(String(row.code)) && row.status === 'sent',
      );
      if (sent.length === trackingCodes.length || Date.now() > deadline) break;
      await sleep(1_000);
    }
    const delivered = kavenegar.requests
      .filter((request) => request.answered === 'ok')
      .filter((request) => request.params.message !== undefined && request.path.endsWith('/sms/send.json'));
    const perCode = trackingCodes.map(
      (code) => delivered.filter((request) => request.params.message.includes(code)).length,
    );
    const sentRows = (await receipts()).filter(
      (row) => trackingCodes.includes(String(row.code)) && row.status === 'sent',
    );
    took.sort((a, b) => a - b);
    recordFigure(
      kind,
      'SMS outage: receipts queued / sent / lost / sent twice / registration p99 ms',
      `${trackingCodes.length} / ${sentRows.length} / ${trackingCodes.length - sentRows.length} / ${perCode.filter((count) => count > 1).length} / ${took[Math.floor(took.length * 0.99)]}`,
    );
    expect(sentRows).toHaveLength(trackingCodes.length);
    expect(perCode.every((count) => count === 1)).toBe(true);
    expect(took[Math.floor(took.length * 0.99)]).toBeLessThan(1000);
    expect(await healthy(server.port)).toBe(true);
  }, 180_000);
});
