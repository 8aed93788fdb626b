import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCaptcha, spendCaptcha } from '../../src/server/captcha/captcha.repository.js';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { GroupCommit } from '../../src/server/db/group-commit.js';
import { migrationProvider } from '../../src/server/db/migrations/index.js';
import { claimKey, readKey, storeResponse } from '../../src/server/idempotency/idempotency.repository.js';
import {
  countRegistrations,
  insertRegistration,
  listRegistrations,
} from '../../src/server/registration/registration.repository.js';
import type { NewRegistration } from '../../src/server/registration/registration.table.js';
import { addVisits, listVisits } from '../../src/server/statistics/visit.repository.js';
import {
  databaseTargets,
  openSession,
  postRegistration,
  solvedCaptcha,
  testApp,
  validRegistration,
  type DatabaseTarget,
} from './helpers.js';

const sqliteFile = `sqlite:${join(mkdtempSync(join(tmpdir(), 'repo-')), 'app.db')}`;
const targets = await databaseTargets(sqliteFile);

function registration(code: string): NewRegistration {
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
    created_at: new Date().toISOString(),
    definition_version: 'v',
    payload: '{}',
  };
}

describe.each(targets)('repositories on $name', (target: DatabaseTarget) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase(parseDatabaseUrl(target.url));
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('migrates idempotently (a second open finds nothing to do)', async () => {
    const all = Object.keys(await migrationProvider(database.dialect).getMigrations());
    expect(all.length).toBeGreaterThan(0);
    expect(database.appliedMigrations).toEqual(all);
    const again = await openDatabase(parseDatabaseUrl(target.url));
    await again.close();
    expect(again.appliedMigrations).toEqual([]);
  });

  it('a tracking code is unique: a clash returns undefined instead of throwing', async () => {
    const code = randomUUID().slice(0, 8);
    expect(await insertRegistration(database.db, registration(code))).toBeTypeOf('number');
    expect(await insertRegistration(database.db, registration(code))).toBeUndefined();
    const rows = await listRegistrations(database.db, 0, 1000);
    expect(rows.filter((row) => row.tracking_code === code)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'new', latitude: 35.7, has_davajoo: 1 });
  });

  it('a captcha is spent exactly once, even by two racing spends', async () => {
    const id = randomUUID();
    await insertCaptcha(database.db, {
      id,
      session: 's',
      answer: 2,
      created_at: 1,
      expires_at: Date.now() + 60_000,
      spent_at: null,
    });
    const spends = await Promise.all([spendCaptcha(database.db, id, 5), spendCaptcha(database.db, id, 6)]);
    expect(spends.filter(Boolean)).toHaveLength(1);
    expect(spends.find(Boolean)).toMatchObject({ id, answer: 2, session: 's' });
    expect(typeof spends.find(Boolean)?.expires_at).toBe('number');
  });

  it('an idempotency key is claimed once; its answer is stored with it', async () => {
    const key = randomUUID();
    expect(
      await claimKey(database.db, {
        key,
        session: 's',
        request_hash: 'h',
        created_at: Date.now(),
        response: '{"ok":0}',
      }),
    ).toBe(true);
    expect(
      await claimKey(database.db, {
        key,
        session: 's',
        request_hash: 'h',
        created_at: Date.now(),
        response: '{"ok":2}',
      }),
    ).toBe(false);
    expect(await readKey(database.db, key)).toMatchObject({ response: '{"ok":0}' });
    await storeResponse(database.db, key, '{"ok":1}');
    expect(await readKey(database.db, key)).toMatchObject({ response: '{"ok":1}', request_hash: 'h' });
  });

  it('visits add up per day and plan', async () => {
    await addVisits(database.db, '2026-01-01', 1, 1);
    await addVisits(database.db, '2026-01-01', 1, 2);
    await addVisits(database.db, '2026-01-01', 2, 1);
    expect(await listVisits(database.db)).toEqual([
      { day: '2026-01-01', tier: 1, count: 3 },
      { day: '2026-01-01', tier: 2, count: 1 },
    ]);
  });

  it('group commit: many concurrent works share transactions, each settles after its commit, a failing one alone fails', async () => {
    const writes = new GroupCommit(database, { durability: 'durable' });
    const before = await countRegistrations(database.db);
    const codes = Array.from({ length: 200 }, () => randomUUID().slice(0, 12));
    const failing = writes.submit(async (db) => {
      await insertRegistration(db, registration('will-vanish'));
      throw new Error('boom');
    });
    const failed = expect(failing).rejects.toThrow('boom');
    const results = await Promise.all(
      codes.map((code) => writes.submit((db) => insertRegistration(db, registration(code)))),
    );
    await failed;
    expect(results.every((id) => typeof id === 'number')).toBe(true);
    expect(await countRegistrations(database.db)).toBe(before + 200);
    const rows = await listRegistrations(database.db, 0, 100_000);
    expect(rows.some((row) => row.tracking_code === 'will-vanish')).toBe(false);
  });

  it('relaxed group commit writes too', async () => {
    const writes = new GroupCommit(database, { durability: 'relaxed' });
    await Promise.all(Array.from({ length: 50 }, () => writes.submit((db) => addVisits(db, '2026-02-02', 3, 1))));
    expect((await listVisits(database.db)).find((visit) => visit.day === '2026-02-02')).toMatchObject({ count: 50 });
  });
});

describe.each(targets)('the whole API on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let own: DatabaseTarget;
  beforeAll(async () => {
    // A database of its own, so counts are exact.
    own =
      target.name === 'sqlite'
        ? { ...target, url: `sqlite:${join(mkdtempSync(join(tmpdir(), 'api-')), 'app.db')}` }
        : (await databaseTargets()).find((t) => t.name === 'postgres')!;
    app = await testApp({ DATABASE_URL: own.url });
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  it('50 concurrent registrations: 50 answers, 50 rows, 50 distinct tracking codes', async () => {
    const sessions = await Promise.all(Array.from({ length: 50 }, () => openSession(app)));
    const bodies = await Promise.all(
      sessions.map(async (session) => validRegistration(await solvedCaptcha(app, session))),
    );
    const responses = await Promise.all(
      sessions.map((session, i) => postRegistration(app, session, bodies[i], { 'idempotency-key': randomUUID() })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((response) => response.json<{ trackingCode: string }>().trackingCode)).size).toBe(50);
    expect(await countRegistrations(app.database.db)).toBe(50);
  });

  it('each request sent twice at once with the same key: one row each, the same answer twice', async () => {
    const before = await countRegistrations(app.database.db);
    const sessions = await Promise.all(Array.from({ length: 20 }, () => openSession(app)));
    const requests = await Promise.all(
      sessions.map(async (session) => ({
        session,
        body: validRegistration(await solvedCaptcha(app, session)),
        key: randomUUID(),
      })),
    );
    const pairs = await Promise.all(
      requests.map(({ session, body, key }) =>
        Promise.all([
          postRegistration(app, session, body, { 'idempotency-key': key }),
          postRegistration(app, session, body, { 'idempotency-key': key }),
        ]),
      ),
    );
    for (const [a, b] of pairs) {
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
    }
    expect(await countRegistrations(app.database.db)).toBe(before + 20);
  });

  it('racing spends of one captcha: exactly one registration', async () => {
    const before = await countRegistrations(app.database.db);
    const session = await openSession(app);
    const captcha = await solvedCaptcha(app, session);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        postRegistration(app, session, validRegistration(captcha, { name: `داروخانه ${i}` })),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await countRegistrations(app.database.db)).toBe(before + 1);
  });
});
