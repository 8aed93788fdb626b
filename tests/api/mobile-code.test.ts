import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODES_PER_ADDRESS,
  CODES_PER_NUMBER,
  CODE_LIMIT_LOCK_MS,
  RESEND_WAIT_MS,
} from '../../src/server/mobile-code/mobile-code.service.js';
import { PROOF_LIFETIME_MS } from '../../src/server/mobile-code/code-proof.js';
import { CODE_TTL_MS } from '../../src/server/sms/outbox.worker.js';
import { waitInWords } from '../../src/server/throttle/wait-words.js';
import { fill } from '../../src/shared/text/persian.js';
import { followupPaths } from '../../src/shared/contracts/followup.js';
import type { CodeProof, CodeProofChallenge } from '../../src/shared/contracts/followup.schemas.js';
import { solveCodeProof } from '../fixtures/code-proof.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { VERIFY_MESSAGE, verifiedDefinition } from '../fixtures/verified-definition.js';
import {
  databaseTargets,
  openSession,
  postRegistration,
  solvedCaptcha,
  testApp,
  validRegistration,
  type DatabaseTarget,
  type Session,
} from './helpers.js';
import { postJson, testClock } from './followup-helpers.js';

const targets = await databaseTargets();
/** Databases of their own: the hourly allowance is shared by every test of an app. */
const allowanceTargets = await databaseTargets();
const schemasDir = verifiedDefinition();
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const persian = (text: string) => text.replace(/\d/g, (digit) => PERSIAN[Number(digit)]);

/** A fresh valid number per test (real operator prefix), so the per-number limits do not meet. */
let numberCounter = 1_000_000;
const freshMobile = () => `0912${String((numberCounter += 7)).padStart(7, '0')}`;
let addressCounter = 0;
const freshAddress = () => `10.2.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** Generous per-client limits and the easiest proof of work: the tests count the other limits. */
const codeEnv = {
  RATE_LIMIT_MOBILE_CODE_PER_MINUTE: '100000',
  SMS_CODE_PROOF_DIFFICULTY: '1',
  TRUST_PROXY: '127.0.0.1',
};

async function challengeFor(app: FastifyInstance, session: Session): Promise<CodeProofChallenge> {
  const response = await app.inject({ url: followupPaths.mobileCodeChallenge, headers: { cookie: session.cookie } });
  if (response.statusCode !== 200) throw new Error(`Challenge answered ${response.statusCode}: ${response.body}`);
  return response.json<CodeProofChallenge>();
}

/** What the wizard's worker does before each code request: a fresh challenge of the session, solved. */
async function proofFor(app: FastifyInstance, session: Session): Promise<CodeProof> {
  return solveCodeProof(await challengeFor(app, session));
}

/** A code request through the trusted proxy, from `client` (X-Forwarded-For). */
function sendThroughProxy(app: FastifyInstance, session: Session, body: object, client: string) {
  return app.inject({
    method: 'POST',
    url: followupPaths.mobileCode,
    headers: {
      cookie: session.cookie,
      'x-xsrf-token': session.token,
      'content-type': 'application/json',
      'x-forwarded-for': client,
    },
    payload: JSON.stringify(body),
  });
}

const codesTo = (app: FastifyInstance, receptors: string[]) =>
  app.database.db
    .selectFrom('sms_outbox')
    .select('id')
    .where('kind', '=', 'code')
    .where('receptor', 'in', receptors)
    .execute();

describe.each(targets)('the mobile number one-time code on $name', (target: DatabaseTarget) => {
  const clock = testClock();
  const lines: string[] = [];
  let app: FastifyInstance;

  const send = async (session: Session, mobileNumber: string, address = '127.0.0.1') =>
    postJson(app, session, followupPaths.mobileCode, { mobileNumber, proof: await proofFor(app, session) }, address);
  const check = (session: Session, mobileNumber: string, code: string, address = '127.0.0.1') =>
    postJson(app, session, followupPaths.mobileCodeCheck, { mobileNumber, code }, address);
  /** The latest code queued for the number, read from the outbox as the log provider keeps it. */
  const codeSentTo = async (mobileNumber: string): Promise<string> => {
    const row = await app.database.db
      .selectFrom('sms_outbox')
      .select('token')
      .where('kind', '=', 'code')
      .where('receptor', '=', mobileNumber)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    if (!row.token) throw new Error('no code in the outbox');
    return row.token;
  };
  const wrong = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');
  const register = async (session: Session, mobileNumber: string) =>
    postRegistration(
      app,
      session,
      validRegistration(await solvedCaptcha(app, session), {
        adminData: { firstName: 'علی', lastName: 'رضایی', nationalCode: '0499370899', mobileNumber },
      }),
      { 'idempotency-key': randomUUID() },
    );

  beforeAll(async () => {
    app = await testApp(
      { DATABASE_URL: target.url, SCHEMAS_DIR: schemasDir, ...codeEnv },
      { clock: clock.now, logger: { stream: { write: (line) => void lines.push(line) }, level: 'info' } },
    );
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('sends a five-digit code, kept only as a hash, and confirms the number with it', async () => {
    const session = await openSession(app);
    const mobile = freshMobile();
    const sent = await send(session, persian(`${mobile.slice(0, 4)}-${mobile.slice(4, 7)}-${mobile.slice(7)}`));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ resendAfterMs: RESEND_WAIT_MS, expiresInMs: CODE_TTL_MS });
    const code = await codeSentTo(mobile);
    expect(code).toMatch(/^\d{5}$/);
    const stored = await app.database.db
      .selectFrom('mobile_codes')
      .selectAll()
      .where('mobile_number', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await check(session, mobile, persian(code))).statusCode).toBe(204);
    // A second tap on «تأیید» is still fine.
    expect((await check(session, mobile, code)).statusCode).toBe(204);
    await app.sms.worker.runOnce();
    const log = lines.join('\n');
    expect(log).not.toContain(code);
    expect(log).not.toContain(mobile);
  });

  it('allows three tries per code', async () => {
    const session = await openSession(app);
    const mobile = freshMobile();
    await send(session, mobile);
    const code = await codeSentTo(mobile);
    const first = await check(session, mobile, wrong(code));
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      error: { code: 'mobile_code_wrong', message: 'کد درست نیست؛ ۲ بار دیگر می‌توانید تلاش کنید.' },
    });
    expect((await check(session, mobile, wrong(code))).json()).toMatchObject({ error: { code: 'mobile_code_wrong' } });
    expect((await check(session, mobile, wrong(code))).json()).toMatchObject({
      error: { code: 'mobile_code_expired', message: fa.followup.errors.mobile_code_expired },
    });
    expect((await check(session, mobile, code)).statusCode).toBe(400);
  });

  it('lets a code live two minutes, and confirms it only in the pre-session it was sent to', async () => {
    const session = await openSession(app);
    const other = await openSession(app);
    const mobile = freshMobile();
    await send(session, mobile);
    const code = await codeSentTo(mobile);
    expect((await check(other, mobile, code)).json()).toMatchObject({ error: { code: 'mobile_code_expired' } });
    clock.advance(CODE_TTL_MS);
    expect((await check(session, mobile, code)).json()).toMatchObject({ error: { code: 'mobile_code_expired' } });
  });

  it('sends a new code only after 60 seconds, which replaces the old one', async () => {
    const session = await openSession(app);
    const mobile = freshMobile();
    await send(session, mobile);
    const old = await codeSentTo(mobile);
    clock.advance(RESEND_WAIT_MS - 5_000);
    const early = await send(session, mobile);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      error: { code: 'mobile_code_wait', message: 'کد تازه را ۵ ثانیه دیگر می‌توانید بخواهید.' },
    });
    expect(early.headers['retry-after']).toBe('5');
    // Another pre-session (a new tab) waits the same: the wait is the number's.
    expect((await send(await openSession(app), mobile)).statusCode).toBe(429);
    clock.advance(5_000);
    expect((await send(session, mobile)).statusCode).toBe(200);
    const fresh = await codeSentTo(mobile);
    if (fresh !== old) expect((await check(session, mobile, old)).statusCode).toBe(400);
    expect((await check(session, mobile, fresh)).statusCode).toBe(204);
  });

  it('limits codes per number (an hour after five) and per client address', async () => {
    const session = await openSession(app);
    const mobile = freshMobile();
    for (let sent = 0; sent < CODES_PER_NUMBER; sent += 1) {
      expect((await send(session, mobile, freshAddress())).statusCode).toBe(200);
      clock.advance(RESEND_WAIT_MS);
    }
    const limited = await send(session, mobile, freshAddress());
    expect(limited.json()).toMatchObject({ error: { code: 'mobile_code_limit' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(RESEND_WAIT_MS / 1000);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(CODE_LIMIT_LOCK_MS / 1000);

    const address = freshAddress();
    for (let sent = 0; sent < CODES_PER_ADDRESS; sent += 1)
      expect((await send(session, freshMobile(), address)).statusCode).toBe(200);
    expect((await send(session, freshMobile(), address)).json()).toMatchObject({
      error: { code: 'mobile_code_limit' },
    });
    // Nothing was sent for the refused requests.
    const codes = await app.database.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('kind', '=', 'code')
      .where('receptor', '=', mobile)
      .execute();
    expect(codes).toHaveLength(CODES_PER_NUMBER);
    clock.advance(CODE_LIMIT_LOCK_MS);
  });

  it('sends one code for ten requests at once, and counts ten guesses at once as three tries', async () => {
    const session = await openSession(app);
    const mobile = freshMobile();
    const sends = await Promise.all(Array.from({ length: 10 }, () => send(session, mobile, freshAddress())));
    expect(sends.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(429)]);
    const queued = await app.database.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('kind', '=', 'code')
      .where('receptor', '=', mobile)
      .execute();
    expect(queued).toHaveLength(1);

    const code = await codeSentTo(mobile);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        check(session, mobile, wrong(String((Number(code) + index) % 100_000).padStart(5, '0'))),
      ),
    );
    const codes = guesses.map((response) => response.json<{ error: { code: string } }>().error.code);
    expect(codes.filter((found) => found === 'mobile_code_wrong')).toHaveLength(2);
    expect(codes.filter((found) => found === 'mobile_code_expired')).toHaveLength(8);
    expect((await check(session, mobile, code)).statusCode).toBe(400);
    clock.advance(CODE_LIMIT_LOCK_MS);
  });

  it("refuses a registration whose number was not verified in this pre-session, with the field's Persian message", async () => {
    const session = await openSession(app);
    const mobile = freshMobile();
    const refused = await register(session, mobile);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'validation', fields: { '/adminData/mobileNumber': VERIFY_MESSAGE } },
    });

    await send(session, mobile);
    expect((await check(session, mobile, await codeSentTo(mobile))).statusCode).toBe(204);
    // Verified in another pre-session, or another number: refused all the same.
    expect((await register(await openSession(app), mobile)).statusCode).toBe(400);
    expect((await register(session, freshMobile())).statusCode).toBe(400);
    const accepted = await register(session, mobile);
    expect(accepted.statusCode).toBe(200);
  });

  it('counts thirty addresses of one IPv6 /64 as one client: twenty codes, in sequence and at once', async () => {
    const session = await openSession(app);
    const sequence: string[] = [];
    const inSequence: number[] = [];
    for (let host = 1; host <= 30; host += 1) {
      sequence.push(freshMobile());
      const body = { mobileNumber: sequence.at(-1), proof: await proofFor(app, session) };
      inSequence.push((await sendThroughProxy(app, session, body, `2001:db8:1:1::${host.toString(16)}`)).statusCode);
    }
    expect(inSequence).toEqual([...Array(CODES_PER_ADDRESS).fill(200), ...Array(30 - CODES_PER_ADDRESS).fill(429)]);

    const together = await Promise.all(
      Array.from({ length: 30 }, async (_, host) => ({
        mobileNumber: freshMobile(),
        proof: await proofFor(app, session),
        client: `2001:db8:1:2:${host.toString(16)}::${(host * 7).toString(16)}`,
      })),
    );
    const answers = await Promise.all(
      together.map(({ client, ...body }) => sendThroughProxy(app, session, body, client)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CODES_PER_ADDRESS);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200))
      expect(refused.json()).toMatchObject({ error: { code: 'mobile_code_limit' } });
    expect(await codesTo(app, [...sequence, ...together.map((body) => body.mobileNumber)])).toHaveLength(
      2 * CODES_PER_ADDRESS,
    );
    // The next /64 is another client.
    const next = { mobileNumber: freshMobile(), proof: await proofFor(app, session) };
    expect((await sendThroughProxy(app, session, next, '2001:db8:1:3::1')).statusCode).toBe(200);
    clock.advance(CODE_LIMIT_LOCK_MS);
  });

  it('sends no code without a proof of work, with a wrong, foreign or expired one, or one already spent (also ten at once)', async () => {
    const session = await openSession(app);
    const mobile = freshMobile();
    const refusedProof = (response: { statusCode: number; json: () => unknown }) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'mobile_code_proof', message: fa.followup.errors.mobile_code_proof },
      });
    };
    const sendWith = (proof: unknown, mobileNumber = mobile) =>
      postJson(app, session, followupPaths.mobileCode, { mobileNumber, proof }, freshAddress());
    refusedProof(await postJson(app, session, followupPaths.mobileCode, { mobileNumber: mobile }, freshAddress()));
    const solved = await proofFor(app, session);
    const lastDigit = solved.solution.derivedKey.at(-1) === '0' ? '1' : '0';
    const wrongKey = { ...solved.solution, derivedKey: `${solved.solution.derivedKey.slice(0, -1)}${lastDigit}` };
    refusedProof(await sendWith({ ...solved, solution: wrongKey }));
    const easier = { ...solved.challenge, parameters: { ...solved.challenge.parameters, keyPrefix: '00' } };
    refusedProof(await sendWith({ ...solved, challenge: easier }));
    refusedProof(await sendWith(await proofFor(app, await openSession(app))));
    const late = await proofFor(app, session);
    clock.advance(PROOF_LIFETIME_MS);
    refusedProof(await sendWith(late));
    expect(await codesTo(app, [mobile])).toHaveLength(0);

    // The untouched proof was never spent by the refusals above, and is spent by its first use only.
    const fresh = await proofFor(app, session);
    expect((await sendWith(fresh)).statusCode).toBe(200);
    refusedProof(await sendWith(fresh, freshMobile()));

    const shared = await proofFor(app, session);
    const numbers = Array.from({ length: 10 }, freshMobile);
    const replays = await Promise.all(numbers.map((number) => sendWith(shared, number)));
    expect(replays.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(400)]);
    for (const replay of replays.filter((response) => response.statusCode === 400)) refusedProof(replay);
    expect(await codesTo(app, numbers)).toHaveLength(1);
  });

  it("refuses a number the field would refuse, with the field's own message", async () => {
    const session = await openSession(app);
    const response = await send(session, '0812345');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'validation', fields: { '/mobileNumber': 'شماره همراه با ۰۹ شروع می‌شود و ۱۱ رقم است.' } },
    });
    expect((await check(session, freshMobile(), '12')).json()).toMatchObject({
      error: { fields: { '/code': fa.followup.otp.codeInvalid } },
    });
  });
});

describe.each(allowanceTargets)('the hourly allowance of one-time codes on $name', (target: DatabaseTarget) => {
  const ALLOWANCE = 7;
  // 08:20: forty minutes before the hour, and its allowance, are over.
  const clock = testClock(Date.UTC(2026, 0, 10, 8, 20, 0));
  const lines: string[] = [];
  let app: FastifyInstance;
  const capacityWarnings = () => lines.filter((line) => line.includes('SMS_CODES_PER_HOUR reached'));
  const expectCapacityRefusal = (response: LightMyRequestResponse, retryAfterMs: number) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(retryAfterMs / 1000));
    expect(response.json()).toEqual({
      error: {
        code: 'sms_capacity',
        message: fill(fa.followup.errors.sms_capacity, { wait: waitInWords(retryAfterMs) }),
      },
    });
  };

  beforeAll(async () => {
    app = await testApp(
      { DATABASE_URL: target.url, SCHEMAS_DIR: schemasDir, ...codeEnv, SMS_CODES_PER_HOUR: String(ALLOWANCE) },
      { clock: clock.now, logger: { stream: { write: (line) => void lines.push(line) }, level: 'info' } },
    );
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('sends exactly the allowance of sixty requests at once; the rest get 503 sms_capacity, with one warning', async () => {
    const session = await openSession(app);
    const requests = await Promise.all(
      Array.from({ length: 60 }, async () => ({ mobileNumber: freshMobile(), proof: await proofFor(app, session) })),
    );
    const answers = await Promise.all(
      requests.map((body) => postJson(app, session, followupPaths.mobileCode, body, freshAddress())),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(ALLOWANCE);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200))
      expectCapacityRefusal(refused, 40 * 60_000);
    expect(
      await codesTo(
        app,
        requests.map((body) => body.mobileNumber),
      ),
    ).toHaveLength(ALLOWANCE);
    expect(capacityWarnings()).toHaveLength(1);
  });

  it('refuses in sequence past the allowance until the hour is over; receipts are queued all the same', async () => {
    clock.advance(40 * 60_000);
    const session = await openSession(app);
    const verified = freshMobile();
    const answers: LightMyRequestResponse[] = [];
    for (const mobileNumber of [verified, ...Array.from({ length: ALLOWANCE }, freshMobile)])
      answers.push(
        await postJson(
          app,
          session,
          followupPaths.mobileCode,
          { mobileNumber, proof: await proofFor(app, session) },
          freshAddress(),
        ),
      );
    expect(answers.slice(0, ALLOWANCE).map((answer) => answer.statusCode)).toEqual(Array(ALLOWANCE).fill(200));
    expectCapacityRefusal(answers[ALLOWANCE], 60 * 60_000);
    expect(capacityWarnings()).toHaveLength(2);
    // Refusals within the minute add no line; the next minute's first one does.
    const refuseAt = async (retryAfterMs: number) => {
      const body = { mobileNumber: freshMobile(), proof: await proofFor(app, session) };
      expectCapacityRefusal(await postJson(app, session, followupPaths.mobileCode, body, freshAddress()), retryAfterMs);
    };
    clock.advance(30_000);
    await refuseAt(59.5 * 60_000);
    expect(capacityWarnings()).toHaveLength(2);
    clock.advance(30_000);
    await refuseAt(59 * 60_000);
    expect(capacityWarnings()).toHaveLength(3);

    const code = await app.database.db
      .selectFrom('sms_outbox')
      .select('token')
      .where('receptor', '=', verified)
      .executeTakeFirstOrThrow();
    const confirmed = await postJson(app, session, followupPaths.mobileCodeCheck, {
      mobileNumber: verified,
      code: code.token,
    });
    expect(confirmed.statusCode).toBe(204);
    const registered = await postRegistration(
      app,
      session,
      validRegistration(await solvedCaptcha(app, session), {
        adminData: { firstName: 'علی', lastName: 'رضایی', nationalCode: '0499370899', mobileNumber: verified },
      }),
      { 'idempotency-key': randomUUID() },
    );
    expect(registered.statusCode).toBe(200);
    const receipt = await app.database.db
      .selectFrom('sms_outbox')
      .selectAll()
      .where('kind', '=', 'receipt')
      .where('receptor', '=', verified)
      .executeTakeFirstOrThrow();
    expect(receipt.status).toBe('waiting');
    await app.sms.worker.runOnce();
    const sent = await app.database.db
      .selectFrom('sms_outbox')
      .select('status')
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
  });
});

describe('the one-time code with the shipped definition', () => {
  it('is off: no code is sent, since no field asks for it', async () => {
    const app = await testApp();
    try {
      const response = await postJson(app, await openSession(app), followupPaths.mobileCode, {
        mobileNumber: '09123456789',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'mobile_code_off' } });
      expect(await app.database.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

afterAll(() => rmSync(schemasDir, { recursive: true, force: true }));
