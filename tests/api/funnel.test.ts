import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/contracts/wizard-api.js';
import { staffPaths } from '../../src/shared/contracts/staff.js';
import type { FunnelAnswer } from '../../src/shared/contracts/staff.schemas.js';
import { cookiesOf, databaseTargets, openSession, registerOnce, testApp, type DatabaseTarget } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const targets = await databaseTargets();
const PASSWORD = 'a long enough password';

describe.each(targets)('funnel on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let staffCookie: string;

  async function readFunnel(query = ''): Promise<FunnelAnswer> {
    const response = await app.inject({ url: `${staffPaths.funnel}${query}`, headers: { cookie: staffCookie } });
    expect(response.statusCode).toBe(200);
    return response.json<FunnelAnswer>();
  }

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url });
    await addStaffAccount(app.database.db, 'agent@example.ir', 'agent', PASSWORD, 0);
    const session = await openSession(app);
    const signedIn = await app.inject({
      method: 'POST',
      url: staffPaths.session,
      headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json' },
      payload: { email: 'agent@example.ir', password: PASSWORD },
    });
    staffCookie = `${session.cookie}; staff=${cookiesOf(signedIn).staff}`;
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('counts step reach anonymously: no cookie is set, unknown steps are not counted', async () => {
    const reached = await app.inject({ url: `${apiPaths.statisticStep}?step=${encodeURIComponent('۲')}&tier=1` });
    expect(reached.statusCode).toBe(204);
    expect(reached.headers['set-cookie']).toBeUndefined();
    const visit = await app.inject({ url: `${apiPaths.statistic}?tier=1` });
    expect(visit.headers['set-cookie']).toBeUndefined();
    expect((await app.inject({ url: `${apiPaths.statisticStep}?step=99&tier=1` })).statusCode).toBe(204);
    expect((await app.inject({ url: apiPaths.statisticStep })).statusCode).toBe(400);
  });

  it('shows staff the visits, the steps reached and the registrations per plan, with the conversion', async () => {
    await app.inject({ url: `${apiPaths.statistic}?tier=1` });
    await app.inject({ url: `${apiPaths.statisticStep}?step=1&tier=1` });
    await app.inject({ url: `${apiPaths.statisticStep}?step=2&tier=1` });
    expect((await registerOnce(app)).statusCode).toBe(200);

    const answer = await readFunnel();
    const today = answer.rows.filter((row) => row.tier === 1);
    const sum = (pick: (row: FunnelAnswer['rows'][number]) => number): number =>
      today.reduce((total, row) => total + pick(row), 0);
    expect(sum((row) => row.visits)).toBe(2);
    expect(sum((row) => row.steps['1'] ?? 0)).toBe(1);
    expect(sum((row) => row.steps['2'] ?? 0)).toBe(2);
    expect(sum((row) => row.steps['99'] ?? 0)).toBe(0);
    expect(sum((row) => row.registrations)).toBe(1);
    expect(today[0].conversion).toBeCloseTo(1 / 2);
    expect(answer.versions).toHaveLength(1);

    const otherVersion = await readFunnel('?version=not-a-version');
    expect(otherVersion.rows.every((row) => row.registrations === 0 && Object.keys(row.steps).length === 0)).toBe(true);
    const longAgo = await readFunnel('?from=2000-01-01&to=2000-01-31');
    expect(longAgo.rows).toEqual([]);
    const day = today[0].day;
    const thatDay = await readFunnel(`?from=${day}&to=${day}`);
    expect(thatDay.rows.filter((row) => row.tier === 1)).toEqual(today);
  });

  it('is for signed-in staff only, and rejects a malformed day', async () => {
    expect((await app.inject({ url: staffPaths.funnel })).statusCode).toBe(401);
    const bad = await app.inject({ url: `${staffPaths.funnel}?from=yesterday`, headers: { cookie: staffCookie } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Statistic/Step rate limit', () => {
  it('counts at most the per-minute limit per client, then answers 429 and counts nothing more', async () => {
    const app = await testApp({ RATE_LIMIT_STATISTIC_PER_MINUTE: '2' });
    try {
      const reach = () => app.inject({ url: `${apiPaths.statisticStep}?step=1&tier=1` });
      expect((await reach()).statusCode).toBe(204);
      expect((await reach()).statusCode).toBe(204);
      expect((await reach()).statusCode).toBe(429);
      const counted = await app.database.db.selectFrom('step_counts').select('count').execute();
      expect(counted.reduce((total, row) => total + Number(row.count), 0)).toBe(2);
    } finally {
      await app.close();
    }
  });
});
