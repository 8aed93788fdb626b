// The staff console's list at scale: 100,000 registrations seeded into the real server's migrated
// database (SQLite file, and PostgreSQL when reachable), then filtered pages of
// GET /api/staff/registrations asked one after another over HTTP by a signed-in agent, as a
// colleague clicks through them. Latency is measured by this process around each request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { formColumns } from '../../src/server/registration/registration.columns.js';
import { newTrackingCode } from '../../src/server/registration/tracking-code.js';
import { createStaffAccount } from '../../src/server/staff/staff.service.js';
import { CASE_STATUSES } from '../../src/server/staff/case.repository.js';
import type { Locations } from '../../src/shared/contracts/wizard-api.schemas.js';
import { toPersianDigits } from '../../src/shared/text/normalize.js';
import { jalaliDayOf, jalaliDayStart } from '../../src/client/staff/ui/jalali.js';
import { validAnswers } from '../../tests/fixtures/registration.js';
import { cookieHeader, cookiesOf, send } from '../lib/http.js';
import { startProductServer, type ServerProcess } from '../lib/processes.js';
import { fromRoot, log, median, percentile, readJson, round } from '../lib/util.js';

export interface StaffListQueryFigure {
  name: string;
  path: string;
  total: number;
  p50Ms: number;
  p95Ms: number;
}

export interface StaffListFigure {
  database: 'sqlite' | 'postgres';
  registrations: number;
  seedMs: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  queries: StaffListQueryFigure[];
}

export interface StaffListSection {
  runs: StaffListFigure[];
  /** Databases not measured, with the reason. */
  notMeasured: Array<{ database: string; reason: string }>;
}

const PASSWORD = 'bench staff password';
const EMAIL = 'bench-agent@example.ir';
const DAY_MS = 86_400_000;

/** A deterministic generator, so both databases get the same registrations. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Seeded {
  trackingCode: string;
  mobile: string;
  provinceId: number;
  cityId: number;
}

/** Registrations as the wizard stores them (the server's own column map), spread over a year. */
export function* registrations(count: number, locations: Locations, now: number) {
  const random = generator(12);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const { manager, location } = validAnswers;
  const provinceOf = new Map(locations.cities.map((city) => [city.id, city.provinceId]));
  const codes = new Set<string>();
  const uniqueCode = (): string => {
    const code = newTrackingCode();
    if (codes.has(code)) return uniqueCode();
    codes.add(code);
    return code;
  };
  for (let index = 0; index < count; index += 1) {
    const city = pick(locations.cities);
    const mobile = `0912${String(1_000_000 + index).padStart(7, '0')}`;
    const form = {
      ...validAnswers['pharmacy-info'],
      name: `داروخانه ${pick(['دکتر رازی', 'سینا', 'شفا', 'امید', 'مهر', 'بهار'])} ${index}`,
      type: 1 + Math.floor(random() * 6),
      service: 1 + Math.floor(random() * 3),
      tier: 1 + Math.floor(random() * 3),
      cityId: city.id,
      latitude: city.latitude,
      longitude: city.longitude,
      address: location.address,
      adminData: { ...manager, mobileNumber: mobile, nationalCode: String(1_000_000_000 + index) },
    };
    const row = {
      ...formColumns(form),
      tracking_code: uniqueCode(),
      status: CASE_STATUSES[Math.floor(random() * CASE_STATUSES.length)],
      province_id: provinceOf.get(city.id)!,
      created_at: new Date(now - Math.floor(random() * 365 * DAY_MS)).toISOString(),
      definition_version: 'bench',
      payload: JSON.stringify(form),
    };
    yield { row, seeded: { trackingCode: row.tracking_code, mobile, provinceId: row.province_id, cityId: city.id } };
  }
}

async function seed(handle: DatabaseHandle, count: number, locations: Locations): Promise<Seeded[]> {
  const sample: Seeded[] = [];
  await handle.transaction('relaxed', async (trx) => {
    let batch: Array<Record<string, unknown>> = [];
    // Rows built by the server's column map (formColumns); `never` because they are built, not typed out.
    const insert = () =>
      trx
        .insertInto('registrations')
        .values(batch as never)
        .execute();
    for (const { row, seeded } of registrations(count, locations, Date.now())) {
      batch.push(row);
      if (sample.length < 200) sample.push(seeded);
      if (batch.length < 500) continue;
      await insert();
      batch = [];
    }
    if (batch.length > 0) await insert();
  });
  await sql`analyze`.execute(handle.db);
  await createStaffAccount(handle.db, EMAIL, 'agent', PASSWORD, Date.now());
  return sample;
}

/** A signed-in agent's cookie, the way the console signs in. */
async function signIn(url: string): Promise<string> {
  const first = await send(`${url}/api/Register/Config`);
  const jar = cookiesOf(first);
  const answer = await send(`${url}/api/staff/session`, {
    method: 'POST',
    headers: {
      cookie: cookieHeader(jar),
      'x-xsrf-token': jar['XSRF-TOKEN'] ?? '',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`staff sign-in answered ${answer.status}: ${answer.body}`);
  return cookieHeader({ ...jar, ...cookiesOf(answer) });
}

/**
 * The last whole Jalali month before `now`, as the console asks for it (its own functions): from
 * the instant its first Tehran day begins to the instant the next month's does (`to` is exclusive).
 */
function lastJalaliMonth(now: number): { from: string; to: string; label: string } {
  const today = jalaliDayOf(now);
  const previous =
    today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  return {
    from: jalaliDayStart({ ...previous, day: 1 }),
    to: jalaliDayStart({ year: today.year, month: today.month, day: 1 }),
    label: `${previous.year}/${String(previous.month).padStart(2, '0')}`,
  };
}

/**
 * What colleagues ask the list: filters alone and together, searches, the first and a deep page,
 * sorted by created date either way and by name.
 */
function queries(sample: Seeded[], now: number, count: number): Array<{ name: string; path: string }> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const one = sample[17];
  const other = sample[42];
  const list = (query: string) => `/api/staff/registrations?${query}`;
  const month = lastJalaliMonth(now);
  // A quarter of the rows have each status, 25 to a page: page 40 (quick: the middle one).
  const deepPage = Math.max(2, Math.min(40, Math.floor(count / 4 / 25 / 2)));
  return [
    { name: 'newest first, no filter', path: list('') },
    { name: 'status', path: list('status=new') },
    { name: 'status, oldest first', path: list('status=new&sort=created_at&direction=asc') },
    { name: 'status + province', path: list(`status=contacted&provinceId=${one.provinceId}`) },
    { name: 'city', path: list(`cityId=${other.cityId}`) },
    { name: 'plan + type + service', path: list('tier=2&type=3&service=1') },
    {
      name: `Jalali month ${month.label}`,
      path: list(`from=${encodeURIComponent(month.from)}&to=${encodeURIComponent(month.to)}`),
    },
    {
      name: 'province + plan + 30 days',
      path: list(
        `provinceId=${other.provinceId}&tier=1&from=${encodeURIComponent(iso(now - 30 * DAY_MS))}&to=${encodeURIComponent(iso(now))}`,
      ),
    },
    { name: 'tracking code', path: list(`q=${one.trackingCode}`) },
    { name: 'mobile in Persian digits', path: list(`q=${encodeURIComponent(toPersianDigits(other.mobile))}`) },
    { name: 'pharmacy name', path: list(`q=${encodeURIComponent('سینا 4321')}`) },
    { name: `status, page ${deepPage}`, path: list(`status=approved&page=${deepPage}`) },
    { name: 'by pharmacy name', path: list('sort=pharmacy_name&direction=asc&provinceId=8') },
  ];
}

async function measure(
  server: ServerProcess,
  sample: Seeded[],
  rounds: number,
  count: number,
): Promise<Omit<StaffListFigure, 'database' | 'registrations' | 'seedMs'>> {
  const cookie = await signIn(server.url);
  const asked = queries(sample, Date.now(), count);
  const timings = new Map<string, number[]>(asked.map((query) => [query.name, []]));
  const totals = new Map<string, number>();
  const all: number[] = [];
  // One warm-up round (statement caches, page cache), then the measured rounds.
  for (let round_ = 0; round_ <= rounds; round_ += 1) {
    for (const query of asked) {
      const begun = performance.now();
      const answer = await send(`${server.url}${query.path}`, { headers: { cookie, accept: 'application/json' } });
      const elapsed = performance.now() - begun;
      if (answer.status !== 200) throw new Error(`${query.name}: ${answer.status} ${answer.body.slice(0, 200)}`);
      if (round_ === 0) {
        totals.set(query.name, (JSON.parse(answer.body) as { total: number }).total);
        continue;
      }
      timings.get(query.name)!.push(elapsed);
      all.push(elapsed);
    }
  }
  return {
    requests: all.length,
    p50Ms: round(median(all), 1),
    p95Ms: round(percentile(all, 0.95), 1),
    maxMs: round(Math.max(...all), 1),
    queries: asked.map((query) => {
      const times = timings.get(query.name)!;
      return {
        name: query.name,
        path: query.path,
        total: totals.get(query.name) ?? 0,
        p50Ms: round(median(times), 1),
        p95Ms: round(percentile(times, 0.95), 1),
      };
    }),
  };
}

/** A fresh PostgreSQL database for the run, or why there is none. */
export async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | { reason: string }> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_staff_${process.pid}_${Date.now()}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: base, max: 1, connectionTimeoutMillis: 3000 }),
    }),
  });
  try {
    await sql`create database ${sql.id(name)}`.execute(admin);
  } catch (error) {
    await admin.destroy();
    return { reason: `PostgreSQL at ${base.replace(/\/\/[^@]*@/, '//')} not reachable: ${(error as Error).message}` };
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

export async function staffListSection(quick: boolean, clientDir: string): Promise<StaffListSection> {
  const count = quick ? 2_000 : 100_000;
  const rounds = quick ? 2 : 20;
  const locations = readJson<Locations>(fromRoot('src', 'server', 'locations', 'iran-locations.json'));
  const runs: StaffListFigure[] = [];
  const notMeasured: StaffListSection['notMeasured'] = [];

  const run = async (database: 'sqlite' | 'postgres', url: string, dir?: string) => {
    const target = database === 'sqlite' ? { kind: 'sqlite' as const, path: url } : { kind: 'postgres' as const, url };
    const begun = Date.now();
    const handle = await openDatabase(target);
    let sample: Seeded[];
    try {
      sample = await seed(handle, count, locations);
    } finally {
      await handle.close();
    }
    const seedMs = Date.now() - begun;
    log(
      `staff list: ${count.toLocaleString('en')} registrations seeded into ${database} in ${round(seedMs / 1000, 1)} s`,
    );
    const server = await startProductServer(`staff list server (${database})`, {
      clientDir,
      dir,
      extraEnv: { DATABASE_URL: database === 'sqlite' ? `sqlite:${url}` : url },
    });
    try {
      runs.push({ database, registrations: count, seedMs, ...(await measure(server, sample, rounds, count)) });
    } finally {
      await server.stop();
    }
  };

  const sqliteDir = mkdtempSync(join(tmpdir(), 'pharmacy-bench-staff-'));
  try {
    await run('sqlite', join(sqliteDir, 'app.db'), sqliteDir);
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }

  const postgres = await postgresDatabase();
  if ('reason' in postgres) notMeasured.push({ database: 'postgres', reason: postgres.reason });
  else {
    try {
      await run('postgres', postgres.url);
    } finally {
      await postgres.drop();
    }
  }
  return { runs, notMeasured };
}
