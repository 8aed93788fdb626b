import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODES_PER_ADDRESS,
  CODES_PER_NUMBER,
  CODE_LIMIT_LOCK_MS,
  RESEND_WAIT_MS,
} from '../../src/server/mobile-code/mobile-code.service.js';
import { CODE_TTL_MS } from '../../src/server/sms/outbox.worker.js';
import { followupPaths } from '../../src/shared/followup-contract.js';
import { fa } from '../../src/shared/strings.fa.js';
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
const schemasDir = verifiedDefinition();
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const persian = (text: string) => text.replace(/\d/g, (digit) => PERSIAN[Number(digit)]);

/** A fresh valid number per test (real operator prefix), so the per-number limits do not meet. */
let numberCounter = 1_000_000;
const freshMobile = () => `0912${String((numberCounter += 7)).padStart(7, '0')}`;
let addressCounter = 0;
const freshAddress = () => `10.2.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

describe.each(targets)('the mobile number one-time code on $name', (target: DatabaseTarget) => {
  const clock = testClock();
  const lines: string[] = [];
  let app: FastifyInstance;

  const send = (session: Session, mobileNumber: string, address = '127.0.0.1') =>
    postJson(app, session, followupPaths.mobileCode, { mobileNumber }, address);
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
      { DATABASE_URL: target.url, SCHEMAS_DIR: schemasDir, RATE_LIMIT_MOBILE_CODE_PER_MINUTE: '100000' },
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
