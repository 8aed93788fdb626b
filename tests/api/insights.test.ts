import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCounts, sweepIdleVisits } from '../../src/server/insights/insights.repository.js';
import { insightsPaths, MAX_VISIT_EVENTS, type InsightEvent } from '../../src/shared/contracts/insights.js';
import type { InsightBatch, InsightsAnswer } from '../../src/shared/contracts/insights.schemas.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { databaseTargets, openSession, signInStaff, testApp, type DatabaseTarget } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const targets = await databaseTargets();
const PASSWORD = 'a long enough password';
const visitId = () => randomBytes(16).toString('base64url');

/** A clock the test moves: the sweep's idle time is counted on it. */
function movableClock(start = Date.parse('2026-03-01T08:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe.each(targets)('the form’s behaviour on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let cookie: string;
  let staffCookie: string;
  let version: string;
  const clock = movableClock();

  function post(batch: unknown, options: { cookie?: string | null; ip?: string } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const sent = options.cookie === undefined ? cookie : options.cookie;
    if (sent !== null) headers.cookie = sent;
    return app.inject({
      method: 'POST',
      url: insightsPaths.events,
      headers,
      remoteAddress: options.ip ?? '127.0.0.1',
      payload: JSON.stringify(batch),
    });
  }

  function batch(events: InsightEvent[], extra: Partial<InsightBatch> = {}): InsightBatch {
    return { visit: visitId(), version, events, ...extra };
  }

  async function insights(query = ''): Promise<InsightsAnswer> {
    const response = await app.inject({ url: `${insightsPaths.staff}${query}`, headers: { cookie: staffCookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InsightsAnswer>();
  }

  const fieldOf = (answer: InsightsAnswer, field: string) =>
    answer.first.fields.find((entry) => entry.field === field)!;
  const stepOf = (answer: InsightsAnswer, step: string) => answer.first.steps.find((entry) => entry.step === step)!;

  async function storedRows() {
    const [visits, counts] = await Promise.all([
      app.database.db.selectFrom('insight_visits').selectAll().execute(),
      app.database.db.selectFrom('insight_counts').selectAll().execute(),
    ]);
    return { visits, counts };
  }

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url }, { clock: clock.now });
    version = app.definitions.live().version;
    cookie = (await openSession(app)).cookie;
    await addStaffAccount(app.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
    staffCookie = (await signInStaff(app, 'editor@example.ir', PASSWORD)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('counts a walk: steps, fields, rules, corrections and server refusals, without the anti-forgery header', async () => {
    const visit = visitId();
    const walk: InsightEvent[][] = [
      [{ type: 'shown', step: 'manager' }],
      [
        { type: 'touched', step: 'manager', field: 'nationalCode' },
        { type: 'invalid', step: 'manager', field: 'nationalCode', rule: 'ir-national-code' },
        { type: 'corrected', step: 'manager', field: 'nationalCode' },
        { type: 'invalid', step: 'manager', field: 'mobileNumber', rule: 'required' },
        { type: 'refused', step: 'manager', field: 'captchaAnswer' },
        { type: 'completed', step: 'manager', ms: 42_000 },
        { type: 'registered' },
      ],
    ];
    for (const events of walk) {
      const answer = await post({ visit, version, at: { step: 'manager', field: 'mobileNumber' }, events });
      expect(answer.statusCode, answer.body).toBe(204);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const answer = await insights();
    expect(answer.versions).toEqual([version]);
    expect(stepOf(answer, 'manager')).toMatchObject({ reached: 1, completed: 1, completionRate: 1 });
    // 42 s falls in the (30, 45] bucket; one time is its midpoint-by-interpolation: 30 + 0.5 × 15.
    expect(stepOf(answer, 'manager').medianSeconds).toBeCloseTo(37.5);
    const nationalCode = fieldOf(answer, 'nationalCode');
    expect(nationalCode).toMatchObject({ title: 'کد ملی', touched: 1, corrected: 1 });
    expect(nationalCode.rules).toEqual([
      { rule: 'ir-national-code', message: 'این کد ملی معتبر نیست؛ لطفاً دوباره بررسی کنید.', count: 1, share: 1 },
    ]);
    expect(fieldOf(answer, 'mobileNumber').rules[0]).toMatchObject({
      rule: 'required',
      message: 'لطفاً شماره همراه را بنویسید.',
    });
    expect(fieldOf(answer, 'captchaAnswer').refused).toBe(1);
    expect(answer.first.registered).toBe(1);
  });

  it('refuses unknown names, an unknown version and a visit without the pre-session cookie: counted, never stored', async () => {
    const before = await storedRows();
    const refusals = await Promise.all([
      post(batch([{ type: 'touched', step: 'manager', field: 'favouriteColour' }])),
      post(batch([{ type: 'invalid', step: 'manager', field: 'nationalCode', rule: 'luhn' }])),
      post(batch([{ type: 'shown', step: 'nowhere' }])),
      post(batch([{ type: 'touched', step: 'manager' } as unknown as InsightEvent])),
      post(batch([{ type: 'shown', step: 'manager' }], { at: { step: 'manager', field: 'secret' } })),
      post(batch([{ type: 'shown', step: 'manager' }], { version: 'not-a-version' })),
      post(batch([{ type: 'shown', step: 'manager' }]), { cookie: null }),
      post(batch([{ type: 'shown', step: 'manager' }]), { cookie: 'psid=short' }),
    ]);
    expect(refusals.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 403, 403]);
    expect(refusals[5].json().error.code).toBe('version_unknown');
    expect(refusals[6].json()).toEqual({ error: { code: 'csrf', message: fa.errors.csrf } });
    const after = await storedRows();
    expect(after.visits).toHaveLength(before.visits.length);
    const stored = JSON.stringify(after.counts);
    for (const name of ['favouriteColour', 'luhn', 'nowhere', 'not-a-version', 'secret'])
      expect(stored).not.toContain(name);
    const refused = (await insights()).refused;
    expect(refused).toMatchObject({ unknown_name: 5, unknown_version: 1, no_session: 2 });
    // A cross-site request is refused before anything is read.
    const crossSite = await app.inject({
      method: 'POST',
      url: insightsPaths.events,
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: JSON.stringify(batch([{ type: 'shown', step: 'manager' }])),
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('holds a visit to its allowance when its batches arrive in parallel, and counts the rest as refused', async () => {
    const visit = visitId();
    const perBatch = 60;
    const events = Array.from({ length: perBatch }, (): InsightEvent => ({ type: 'shown', step: 'location' }));
    const before = stepOf(await insights(), 'location').reached;
    const answers = await Promise.all(Array.from({ length: 9 }, () => post({ visit, version, events })));
    const accepted = Math.floor(MAX_VISIT_EVENTS / perBatch);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(accepted).fill(204), ...Array<number>(9 - accepted).fill(429)]);
    const answer = await insights();
    expect(stepOf(answer, 'location').reached - before).toBe(accepted * perBatch);
    expect(answer.refused.too_many).toBe(9 - accepted);
    // A visit keeps its version: a batch of the same visit naming another one is refused.
    const [row] = await app.database.db.selectFrom('insight_visits').select('events').where('id', '=', visit).execute();
    expect(Number(row.events)).toBe(accepted * perBatch);
  });

  it('adds every batch of many visits from many addresses in parallel', async () => {
    const before = fieldOf(await insights(), 'address').touched;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(
          batch([
            { type: 'touched', step: 'location', field: 'address' },
            { type: 'invalid', step: 'location', field: 'address', rule: 'minLength' },
          ]),
          { ip: `10.1.${index % 5}.${index}` },
        ),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    const address = fieldOf(await insights(), 'address');
    expect(address.touched - before).toBe(40);
  });

  it('sweeps a visit idle for the idle time into «abandoned at its last field», once, and forgets finished ones', async () => {
    const left = visitId();
    const done = visitId();
    await post({
      visit: left,
      version,
      at: { step: 'location', field: 'address' },
      events: [{ type: 'shown', step: 'location' }],
    });
    await post({ visit: done, version, at: { step: 'manager' }, events: [{ type: 'registered' }] });
    const idleMs = app.config.insights.idleMs;
    // Not idle long enough yet: nothing happens.
    expect(await sweepIdleVisits(app.database.db, clock.now() - idleMs)).toBe(0);
    const before = fieldOf(await insights(), 'address').abandoned;
    clock.advance(idleMs + 1);
    // The colleague's session has idled out too on the moved clock.
    staffCookie = (await signInStaff(app, 'editor@example.ir', PASSWORD)).cookie;
    // Two processes sweeping at the same moment count each visit once.
    const swept = await Promise.all([
      app.relaxedWrites.submit((db) => sweepIdleVisits(db, clock.now() - idleMs)),
      app.database.transaction('relaxed', (trx) => sweepIdleVisits(trx, clock.now() - idleMs)),
    ]);
    expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(1);
    const answer = await insights();
    expect(fieldOf(answer, 'address').abandoned - before).toBe(1);
    expect(fieldOf(answer, 'address').abandonedShare).not.toBeNull();
    const rows = await app.database.db.selectFrom('insight_visits').select('id').execute();
    expect(rows.map((row) => row.id)).not.toContain(left);
    expect(rows.map((row) => row.id)).not.toContain(done);
  });

  it('reads two versions side by side; a version it cannot load shows its counted names', async () => {
    // Written as the server writes counts: the day and its month together.
    await app.database.transaction('relaxed', (trx) =>
      addCounts(trx, [
        {
          day: '2026-03-01',
          definition_version: 'older',
          measure: 'reached',
          step: 'manager',
          field: '',
          rule: '',
          n: 3,
        },
        {
          day: '2026-03-01',
          definition_version: 'older',
          measure: 'completed',
          step: 'manager',
          field: '',
          rule: '',
          n: 1,
        },
      ]),
    );
    const answer = await insights(`?version=older&compare=${version}`);
    expect(answer.versions).toContain('older');
    expect(answer.first.steps).toEqual([
      { step: 'manager', title: 'manager', reached: 3, completed: 1, completionRate: 1 / 3, medianSeconds: null },
    ]);
    expect(answer.second?.version).toBe(version);
    expect(answer.comparison?.steps.map((step) => step.step)).toEqual(['manager']);
    const both = await insights(`?compare=older`);
    const manager = both.comparison!.steps.find((step) => step.step === 'manager')!;
    expect(manager.completionRate.verdict).toBe('unclear');
    expect(manager.completionRate.difference).not.toBeNull();
    // A period with nothing in it.
    const empty = await insights('?from=2000-01-01&to=2000-01-31');
    expect(empty.first.steps.every((step) => step.reached === 0)).toBe(true);
  });

  it('is for signed-in colleagues, and for keys of scope insights:read only', async () => {
    expect((await app.inject({ url: insightsPaths.staff })).statusCode).toBe(401);
    const keyOf = async (scopes: string[]) => {
      const key = `prk_${randomBytes(32).toString('base64url').replace(/[-_]/g, 'x').slice(0, 43)}`;
      await app.database.db
        .insertInto('api_keys')
        .values({
          name: scopes.join(','),
          scopes: JSON.stringify(scopes),
          key_hash: createHash('sha256').update(key).digest('hex'),
          prefix: key.slice(0, 12),
          created_at: clock.now(),
          last_used_at: null,
          revoked_at: null,
          created_by: null,
        })
        .execute();
      return key;
    };
    const reader = await keyOf(['insights:read']);
    const other = await keyOf(['registrations:read']);
    const read = (key: string, query = `?version=${version}`) =>
      app.inject({ url: `${insightsPaths.v1}${query}`, headers: { authorization: `Bearer ${key}` } });
    const answer = await read(reader);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<InsightsAnswer>().first.version).toBe(version);
    expect((await read(other)).statusCode).toBe(403);
    expect((await read(reader, '?version=nothing-like-it')).statusCode).toBe(404);
    expect((await app.inject({ url: insightsPaths.v1, headers: { cookie: staffCookie } })).statusCode).toBe(401);
  });
});

describe('the form’s behaviour: limits and switches', () => {
  it('limits the events route per client address, IPv6 by its /64, in sequence and in parallel', async () => {
    const app = await testApp({ RATE_LIMIT_STATISTIC_PER_MINUTE: '3' });
    try {
      const { cookie } = await openSession(app);
      const version = app.definitions.live().version;
      const send = (ip: string) =>
        app.inject({
          method: 'POST',
          url: insightsPaths.events,
          remoteAddress: ip,
          headers: { cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ visit: visitId(), version, events: [{ type: 'shown', step: 'welcome' }] }),
        });
      // In sequence: three addresses of one /64 share its three, the fourth is refused.
      for (const host of [1, 2, 3]) expect((await send(`2001:db8:1:2::${host}`)).statusCode).toBe(204);
      expect((await send('2001:db8:1:2:ffff::9')).statusCode).toBe(429);
      // In parallel, from another /64: never more than its three pass. (@fastify/rate-limit's
      // in-memory store hands every request of one turn the same counter object, so a burst in one
      // turn may be refused whole: it errs on the side of refusing, never of letting more through.)
      const burst = await Promise.all(Array.from({ length: 8 }, (_, index) => send(`2001:db8:9:9::${index + 1}`)));
      const statuses = burst.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(3);
      expect(statuses.every((status) => status === 204 || status === 429)).toBe(true);
      // Another line is not affected by either.
      expect((await send('2001:db8:1:3::1')).statusCode).toBe(204);
      const stored = await app.database.db
        .selectFrom('insight_counts')
        .select('n')
        .where('measure', '=', 'reached')
        .execute();
      const passed = 3 + statuses.filter((status) => status === 204).length + 1;
      expect(stored.reduce((sum, row) => sum + Number(row.n), 0)).toBe(passed);
    } finally {
      await app.close();
    }
  });

  it('ANALYTICS=off: the page is told, and the route keeps nothing', async () => {
    const app = await testApp({ ANALYTICS: 'off' });
    try {
      const config = await app.inject({ url: '/api/Register/Config' });
      expect(config.json()).toMatchObject({ analytics: false });
      const { cookie } = await openSession(app);
      const answer = await app.inject({
        method: 'POST',
        url: insightsPaths.events,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({
          visit: visitId(),
          version: app.definitions.live().version,
          events: [{ type: 'shown', step: 'welcome' }],
        }),
      });
      expect(answer.statusCode).toBe(204);
      expect(await app.database.db.selectFrom('insight_counts').selectAll().execute()).toEqual([]);
      expect(await app.database.db.selectFrom('insight_visits').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('with a short INSIGHTS_SWEEP_MS the server sweeps idle visits by itself', async () => {
    const clock = movableClock();
    const app = await testApp({ INSIGHTS_SWEEP_MS: '20', INSIGHTS_IDLE_MS: '1000' }, { clock: clock.now });
    try {
      const { cookie } = await openSession(app);
      await app.inject({
        method: 'POST',
        url: insightsPaths.events,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({
          visit: visitId(),
          version: app.definitions.live().version,
          at: { step: 'location', field: 'address' },
          events: [{ type: 'shown', step: 'location' }],
        }),
      });
      clock.advance(1001);
      const abandoned = () =>
        app.database.db.selectFrom('insight_counts').select('n').where('measure', '=', 'abandoned').execute();
      await expect.poll(abandoned, { timeout: 5000 }).toEqual([{ n: 1 }]);
      expect(await app.database.db.selectFrom('insight_visits').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
