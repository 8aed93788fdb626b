import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as addInsightMonths } from '../../src/server/db/migrations/022_insight_months.js';
import {
  addCounts,
  countedVersions,
  readCounts,
  readRefusals,
  splitPeriod,
  type Count,
} from '../../src/server/insights/insights.repository.js';
import { databaseTargets, testApp, type DatabaseTarget } from './helpers.js';

const targets = await databaseTargets();

describe('a period as whole months and edge days', () => {
  it('reads whole months from the monthly counters and only the days outside them from the daily ones', () => {
    expect(splitPeriod({})).toEqual({ months: { from: undefined, to: undefined }, days: [] });
    expect(splitPeriod({ from: '2025-02-11', to: '2025-11-19' })).toEqual({
      months: { from: '2025-03', to: '2025-10' },
      days: [
        { from: '2025-02-11', to: '2025-02-28' },
        { from: '2025-11-01', to: '2025-11-19' },
      ],
    });
    expect(splitPeriod({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02', to: '2024-02' },
      days: [],
    });
    expect(splitPeriod({ from: '2025-12-02' })).toEqual({
      months: { from: '2026-01', to: undefined },
      days: [{ from: '2025-12-02', to: '2025-12-31' }],
    });
    expect(splitPeriod({ to: '2025-01-30' })).toEqual({
      months: { from: undefined, to: '2024-12' },
      days: [{ from: '2025-01-01', to: '2025-01-30' }],
    });
    expect(splitPeriod({ from: '2025-02-11', to: '2025-03-15' })).toEqual({
      months: null,
      days: [{ from: '2025-02-11', to: '2025-03-15' }],
    });
  });
});

describe.each(targets)('the monthly counters on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  const day = (offset: number) => new Date(Date.UTC(2025, 10, 20) + offset * 86_400_000).toISOString().slice(0, 10);

  /** What the daily counters alone say for a period, summed in the test. */
  async function fromDays(versions: string[], from: string, to: string): Promise<Map<string, number>> {
    const rows = await app.database.db
      .selectFrom('insight_counts')
      .selectAll()
      .where('definition_version', 'in', versions)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    const sums = new Map<string, number>();
    for (const row of rows) {
      const key = [row.definition_version, row.measure, row.step, row.field, row.rule].join('/');
      sums.set(key, (sums.get(key) ?? 0) + Number(row.n));
    }
    return sums;
  }

  async function read(versions: string[], from: string, to: string): Promise<Map<string, number>> {
    const rows = await readCounts(app.database.db, { versions, from, to });
    return new Map(
      rows.map((row) => [[row.definition_version, row.measure, row.step, row.field, row.rule].join('/'), row.n]),
    );
  }

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url });
    // Ninety days across the turn of a year, two versions, several counters a day, some added to twice.
    for (let offset = 0; offset < 90; offset += 1) {
      const counts: Count[] = [];
      for (const version of ['v-a', 'v-b']) {
        for (const field of ['name', 'mobile']) {
          counts.push({
            day: day(offset),
            definition_version: version,
            measure: 'touched',
            step: 's',
            field,
            rule: '',
            n: 1 + (offset % 5),
          });
          if (offset % 3 === 0)
            counts.push({
              day: day(offset),
              definition_version: version,
              measure: 'invalid',
              step: 's',
              field,
              rule: 'required',
              n: 2,
            });
        }
      }
      counts.push({
        day: day(offset),
        definition_version: '',
        measure: 'batch_refused',
        step: '',
        field: '',
        rule: 'too_many',
        n: 1,
      });
      await app.database.transaction('relaxed', async (trx) => {
        await addCounts(trx, counts);
        if (offset % 4 === 0) await addCounts(trx, counts.slice(0, 3));
      });
    }
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('gives the same sums as the daily counters for any period, whole months or not', async () => {
    const periods: Array<[string, string]> = [
      [day(0), day(89)],
      ['2025-12-01', '2025-12-31'],
      ['2025-11-23', '2026-02-02'],
      ['2025-12-05', '2026-01-31'],
      ['2025-12-31', '2026-01-01'],
      ['2026-01-10', '2026-01-10'],
      ['2024-01-01', '2027-12-31'],
    ];
    for (const [from, to] of periods) {
      expect(await read(['v-a', 'v-b'], from, to), `${from}..${to}`).toEqual(await fromDays(['v-a', 'v-b'], from, to));
    }
    const refusals = await readRefusals(app.database.db, { from: '2025-11-23', to: '2026-02-02' });
    const [refusedInDays] = (await fromDays([''], '2025-11-23', '2026-02-02')).values();
    expect(refusals).toEqual([{ reason: 'too_many', n: refusedInDays }]);
  });

  it('sums without a period over every month', async () => {
    const all = await readCounts(app.database.db, { versions: ['v-b'] });
    const expected = await fromDays(['v-b'], '0000-01-01', '9999-12-31');
    expect(
      new Map(
        all.map((row) => [[row.definition_version, row.measure, row.step, row.field, row.rule].join('/'), row.n]),
      ),
    ).toEqual(expected);
  });

  it('lists the counted versions, without the refusals\u2019 empty one', async () => {
    expect((await countedVersions(app.database.db)).sort()).toEqual(['v-a', 'v-b']);
  });

  it('adds many batches in parallel to day and month alike', async () => {
    const one: Count = {
      day: '2026-03-03',
      definition_version: 'v-c',
      measure: 'reached',
      step: 's',
      field: '',
      rule: '',
      n: 1,
    };
    await Promise.all(Array.from({ length: 30 }, () => app.relaxedWrites.submit((db) => addCounts(db, [one]))));
    const [month] = await app.database.db
      .selectFrom('insight_months')
      .select('n')
      .where('definition_version', '=', 'v-c')
      .execute();
    expect(Number(month.n)).toBe(30);
    expect(await read(['v-c'], '2026-03-01', '2026-03-31')).toEqual(new Map([['v-c/reached/s//', 30]]));
  });

  it('its migration fills the months from the daily counters kept before it', async () => {
    const before = await app.database.db.selectFrom('insight_months').selectAll().execute();
    await sql`drop table insight_months`.execute(app.database.db);
    await addInsightMonths(app.database.db as never);
    const after = await app.database.db.selectFrom('insight_months').selectAll().execute();
    const key = (row: (typeof before)[number]) =>
      `${row.definition_version}/${row.month}/${row.measure}/${row.field}/${row.rule}=${Number(row.n)}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
    expect(after.length).toBeGreaterThan(10);
  });
});
