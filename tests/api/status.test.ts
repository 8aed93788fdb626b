import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_FAILURES_BEFORE_LOCK, STATUS_LOCK_MS } from '../../src/server/status/status.service.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { databaseTargets, openSession, registerOnce, testApp, type DatabaseTarget, type Session } from './helpers.js';
import {
  askStatus,
  moveStatus,
  outboxRows,
  registrationId,
  staffSession,
  testClock,
  type StaffSession,
} from './followup-helpers.js';

const targets = await databaseTargets();
const MOBILE = '09123456789';
const OTHER_MOBILE = '09351234567';
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const persian = (text: string) => text.replace(/\d/g, (digit) => PERSIAN[Number(digit)]);

describe.each(targets)('status by tracking code on $name', (target: DatabaseTarget) => {
  const clock = testClock();
  const lines: string[] = [];
  let app: FastifyInstance;
  let session: Session;

  async function register(): Promise<string> {
    const response = await registerOnce(app);
    expect(response.statusCode).toBe(200);
    return response.json<{ trackingCode: string }>().trackingCode;
  }

  /** An address of its own per test, so one test's failures do not lock another's. */
  let addressCounter = 0;
  const freshAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

  beforeAll(async () => {
    app = await testApp(
      { DATABASE_URL: target.url, RATE_LIMIT_STATUS_PER_MINUTE: '100000' },
      { clock: clock.now, logger: { stream: { write: (line) => void lines.push(line) }, level: 'info' } },
    );
    session = await openSession(app);
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('answers the pharmacy, the status in Persian terms and the date for the right code and number, typed as a manager types them', async () => {
    const code = await register();
    const typedCode = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const response = await askStatus(app, session, persian(typedCode), persian('0912-345-6789'), freshAddress());
    expect(response.statusCode).toBe(200);
    const answer = response.json<Record<string, unknown>>();
    // Nothing personal but the pharmacy's name: no mobile, names, national code or address.
    expect(Object.keys(answer).sort()).toEqual(['changedAt', 'pharmacyName', 'status', 'trackingCode']);
    expect(answer).toMatchObject({ trackingCode: code, pharmacyName: 'داروخانه دکتر رازی', status: 'new' });
    expect(answer.changedAt).toBe(new Date(clock.now()).toISOString());
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('gives a wrong number and an unknown code the same answer', async () => {
    const code = await register();
    const wrongNumber = await askStatus(app, session, code, OTHER_MOBILE, freshAddress());
    const unknownCode = await askStatus(app, session, 'ZZZZZZZZ', MOBILE, freshAddress());
    expect(wrongNumber.statusCode).toBe(404);
    expect(unknownCode.statusCode).toBe(404);
    expect(wrongNumber.body).toBe(unknownCode.body);
    expect(wrongNumber.json()).toEqual({
      error: { code: 'status_not_found', message: fa.followup.errors.status_not_found },
    });
  });

  it('takes the same steps for a wrong number as for an unknown code: the same statements, in the same order', async () => {
    // What a timing side channel needs is a step one of the two skips; the statements the database
    // is asked are counted and compared instead of timing the answers (which a busy machine blurs).
    const code = await register();
    const concerned = /"(throttle|registrations|audit_events)"/;
    const statementsOf = async (trackingCode: string, mobile: string): Promise<string[]> => {
      const asked = vi.spyOn(app.database.db.getExecutor(), 'executeQuery');
      try {
        expect((await askStatus(app, session, trackingCode, mobile, freshAddress())).statusCode).toBe(404);
        // The server's own timers (the definition's poll) may ask meanwhile: only this route's tables count.
        return asked.mock.calls.map(([query]) => query.sql).filter((sql) => concerned.test(sql));
      } finally {
        asked.mockRestore();
      }
    };
    const wrongNumber = await statementsOf(code, OTHER_MOBILE);
    const unknownCode = await statementsOf('ZZZZZZZ0', MOBILE);
    expect(unknownCode).toEqual(wrongNumber);
    // Both counted per address and per code, and both looked for the row.
    expect(wrongNumber.filter((sql) => sql.includes('"throttle"'))).toHaveLength(2);
    expect(wrongNumber.filter((sql) => sql.includes('"registrations"'))).toHaveLength(1);
  });

  it('locks a code after five wrong numbers, even for the right one, for 15 minutes; an unknown code alike', async () => {
    const code = await register();
    const address = freshAddress();
    for (let attempt = 0; attempt < CODE_FAILURES_BEFORE_LOCK; attempt += 1)
      expect((await askStatus(app, session, code, OTHER_MOBILE, address)).statusCode).toBe(404);
    const locked = await askStatus(app, session, code, MOBILE, freshAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ error: { code: string; message: string } }>().error.code).toBe('status_locked');
    expect(locked.json<{ error: { message: string } }>().error.message).toContain('۱۵ دقیقه');
    expect(Number(locked.headers['retry-after'])).toBe(STATUS_LOCK_MS / 1000);

    for (let attempt = 0; attempt < CODE_FAILURES_BEFORE_LOCK; attempt += 1)
      expect((await askStatus(app, session, 'YYYYYYYY', MOBILE, address)).statusCode).toBe(404);
    expect((await askStatus(app, session, 'YYYYYYYY', MOBILE, freshAddress())).statusCode).toBe(429);

    clock.advance(STATUS_LOCK_MS - 1000);
    expect((await askStatus(app, session, code, MOBILE, freshAddress())).statusCode).toBe(429);
    clock.advance(2000);
    expect((await askStatus(app, session, code, MOBILE, freshAddress())).statusCode).toBe(200);
  });

  it('counts guesses sent at once: of twenty, five are looked at and the right number is then locked out', async () => {
    const code = await register();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        askStatus(app, session, code, `0935${String(1000000 + index).slice(1)}0`, freshAddress()),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(CODE_FAILURES_BEFORE_LOCK);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - CODE_FAILURES_BEFORE_LOCK);
    expect((await askStatus(app, session, code, MOBILE, freshAddress())).statusCode).toBe(429);
    clock.advance(STATUS_LOCK_MS);
  });

  it('locks an address that guesses many codes, in parallel too', async () => {
    const address = freshAddress();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        askStatus(app, session, `A${String(1000000 + index).slice(1)}Z`, MOBILE, address),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    clock.advance(STATUS_LOCK_MS);
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        askStatus(
          app,
          session,
          `B${String(1000000 + index).slice(1)}Z`,
          MOBILE,
          `2001:db8:9:9:${index.toString(16)}::1`,
        ),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect((await askStatus(app, session, 'CCCCCCCC', MOBILE, '2001:db8:9:9::abcd')).statusCode).toBe(429);
    expect((await askStatus(app, session, 'CCCCCCCC', MOBILE, '2001:db8:9:a::1')).statusCode).toBe(404);
    clock.advance(STATUS_LOCK_MS);
  });

  it('shows a decision after the console makes it, the reason of a rejection only when the colleague chose to show it', async () => {
    // Signed in now: the locks above moved the clock past the idle limit of a session opened earlier.
    const agent: StaffSession = await staffSession(app, 'agent');
    const approvedCode = await register();
    const approvedId = await registrationId(app, approvedCode);
    expect((await moveStatus(app, agent, approvedId, { from: 'new', to: 'contacted' })).statusCode).toBe(204);
    let answer = (await askStatus(app, session, approvedCode, MOBILE, freshAddress())).json<Record<string, unknown>>();
    expect(answer.status).toBe('contacted');
    clock.advance(60_000);
    expect((await moveStatus(app, agent, approvedId, { from: 'contacted', to: 'approved' })).statusCode).toBe(204);
    answer = (await askStatus(app, session, approvedCode, MOBILE, freshAddress())).json();
    expect(answer).toMatchObject({ status: 'approved', changedAt: new Date(clock.now()).toISOString() });

    const hidden = await register();
    const hiddenId = await registrationId(app, hidden);
    await moveStatus(app, agent, hiddenId, { from: 'new', to: 'contacted' });
    await moveStatus(app, agent, hiddenId, { from: 'contacted', to: 'rejected', reason: 'یادداشت درونی همکاران' });
    answer = (await askStatus(app, session, hidden, MOBILE, freshAddress())).json();
    expect(answer.status).toBe('rejected');
    expect(answer).not.toHaveProperty('reason');

    const shown = await register();
    const shownId = await registrationId(app, shown);
    await moveStatus(app, agent, shownId, { from: 'new', to: 'contacted' });
    const rejected = await moveStatus(app, agent, shownId, {
      from: 'contacted',
      to: 'rejected',
      reason: 'پروانه داروخانه هنوز صادر نشده است.',
      showReason: true,
    });
    expect(rejected.statusCode).toBe(204);
    answer = (await askStatus(app, session, shown, MOBILE, freshAddress())).json();
    expect(answer).toMatchObject({ status: 'rejected', reason: 'پروانه داروخانه هنوز صادر نشده است.' });

    // Each decision was queued as an SMS to the manager with the change; «contacted» sends nothing.
    const decisions = (await outboxRows(app)).filter((row) => row.kind === 'approved' || row.kind === 'rejected');
    expect(decisions.map((row) => [row.kind, row.registration_id])).toEqual([
      ['approved', approvedId],
      ['rejected', hiddenId],
      ['rejected', shownId],
    ]);
    expect(decisions.every((row) => row.receptor === MOBILE)).toBe(true);
    expect(decisions[0].message).toContain(`/status?code=${approvedCode}`);
  });

  it('queues the receipt with the registration: its tracking code and the status page, never the number in the link', async () => {
    const code = await register();
    const id = await registrationId(app, code);
    const receipt = (await outboxRows(app)).find((row) => row.kind === 'receipt' && row.registration_id === id);
    expect(receipt).toMatchObject({ receptor: MOBILE, token: null });
    expect(receipt?.message).toContain(code);
    expect(receipt?.message).toContain(`http://localhost:3000/status?code=${code}`);
    expect(receipt?.message).not.toContain(MOBILE);
  });

  it('refuses a malformed code or number with a Persian message per field, and logs neither the number nor the body', async () => {
    const response = await askStatus(app, session, 'ab', '0912', freshAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'validation',
        fields: { '/trackingCode': fa.followup.status.codeInvalid, '/mobileNumber': fa.followup.status.mobileInvalid },
      },
    });
    await askStatus(app, session, 'ABCDEFGH', '09187654321', freshAddress());
    const log = lines.join('\n');
    expect(log).toContain('/api/Register/Status');
    expect(log).not.toContain('09187654321');
    expect(log).not.toContain(MOBILE);
  });
});

describe('status rate limit per client address', () => {
  it('answers 429 rate_limited past RATE_LIMIT_STATUS_PER_MINUTE, per address', async () => {
    const app = await testApp({ RATE_LIMIT_STATUS_PER_MINUTE: '3' });
    try {
      const session = await openSession(app);
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await askStatus(app, session, 'ABCDEFGH', MOBILE, '10.1.1.1')).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect((await askStatus(app, session, 'ABCDEFGH', MOBILE, '10.1.1.2')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
