import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { insertRegistration } from '../../src/server/registration/registration.repository.js';
import type { NewRegistration } from '../../src/server/registration/registration.table.js';
import { addStepReach, funnelVersions, readFunnel } from '../../src/server/statistics/funnel.repository.js';
import { addVisits } from '../../src/server/statistics/visit.repository.js';
import { databaseTargets, type DatabaseTarget } from './helpers.js';

const sqliteFile = `sqlite:${join(mkdtempSync(join(tmpdir(), 'funnel-')), 'app.db')}`;
const targets = await databaseTargets(sqliteFile);

function registration(code: string, createdAt: string, definitionVersion: string): NewRegistration {
  return {
    tracking_code: code,
    tier: 1,
    type: 1,
    service: 2,
    province_id: 8,
    city_id: 301,
    latitude: 35.7,
    longitude: 51.4,
    pharmacy_name: 'داروخانه',
    address: 'نشانی کامل',
    has_davajoo: 1,
    first_name: 'علی',
    last_name: 'رضایی',
    national_code: '0499370899',
    mobile_number: '09123456789',
    created_at: createdAt,
    definition_version: definitionVersion,
    payload: '{}',
  };
}

describe.each(targets)('funnel repository on $name', (target: DatabaseTarget) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase(parseDatabaseUrl(target.url));
    const db = database.db;
    await addVisits(db, '2026-11-20', 1, 10);
    await addVisits(db, '2026-11-21', 1, 4);
    await addVisits(db, '2026-11-21', 2, 3);
    await addStepReach(db, { day: '2026-11-20', tier: 1, step: 1, definitionVersion: 'old' }, 5);
    await addStepReach(db, { day: '2026-11-20', tier: 1, step: 1, definitionVersion: 'old' }, 2);
    await addStepReach(db, { day: '2026-11-20', tier: 1, step: 1, definitionVersion: 'new' }, 1);
    await addStepReach(db, { day: '2026-11-21', tier: 1, step: 2, definitionVersion: 'new' }, 3);
    // 20:15 UTC on the 20th is 23:45 in Tehran (the 20th); 20:45 UTC is 00:15 on the 21st.
    await insertRegistration(db, registration('AAAA0001', '2026-11-20T20:15:00.000Z', 'old'));
    await insertRegistration(db, registration('AAAA0002', '2026-11-20T20:45:00.000Z', 'new'));
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('sums visits, step reach across versions and registrations per Tehran day and plan, newest day first', async () => {
    expect(await readFunnel(database.db)).toEqual([
      { day: '2026-11-21', tier: 1, visits: 4, steps: { '2': 3 }, registrations: 1 },
      { day: '2026-11-21', tier: 2, visits: 3, steps: {}, registrations: 0 },
      { day: '2026-11-20', tier: 1, visits: 10, steps: { '1': 8 }, registrations: 1 },
    ]);
  });

  it('narrows steps and registrations to one definition version, and days to the asked range', async () => {
    const old = await readFunnel(database.db, { definitionVersion: 'old' });
    expect(old.find((row) => row.day === '2026-11-20')).toEqual({
      day: '2026-11-20',
      tier: 1,
      visits: 10,
      steps: { '1': 7 },
      registrations: 1,
    });
    expect(old.find((row) => row.day === '2026-11-21' && row.tier === 1)?.registrations).toBe(0);
    const oneDay = await readFunnel(database.db, { from: '2026-11-21', to: '2026-11-21' });
    expect(oneDay.map((row) => [row.day, row.tier, row.registrations])).toEqual([
      ['2026-11-21', 1, 1],
      ['2026-11-21', 2, 0],
    ]);
    expect(await readFunnel(database.db, { to: '2026-11-19' })).toEqual([]);
    expect(await funnelVersions(database.db)).toEqual(['new', 'old']);
  });
});
