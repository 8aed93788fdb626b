// `npx tsx bench/monitoring.ts [--quick] [--only=sqlite|postgres]` (after `npm run build:server`): what monitoring costs at
// scale. On a SQLite file and on a fresh PostgreSQL database (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local one), 100,000 registrations with their SMS receipts sent,
// 10,000 SMS and 10,000 webhook messages still owed; then the real `dist/server/server.js` with
// METRICS_PORT is scraped one request after another (GET /metrics on its listener) and asked for
// readiness (GET /api/health/ready), latency measured by this process around each request, beside
// the database's share each scrape reports (pharmacy_metrics_database_read_seconds). Prints a table
// with the machine's load average at the start and the end, and writes bench/tmp/monitoring.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database.js';
import type { Locations } from '../src/shared/contracts/wizard-api.schemas.js';
import { startProductServer } from './lib/processes.js';
import { freePort, fromRoot, log, median, percentile, readJson, round } from './lib/util.js';
import { postgresDatabase, registrations } from './sections/staff-list.js';

const quick = process.argv.includes('--quick');
// `--only=sqlite` or `--only=postgres`: one database, when the other's figures are not in question.
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const REGISTRATIONS = quick ? 5_000 : 100_000;
const OWED = quick ? 1_000 : 10_000;
const SCRAPES = quick ? 50 : 500;
const PROBES = quick ? 200 : 2_000;
const BATCH = 500;
const MINUTE = 60_000;

interface Figure {
  database: string;
  seedS: number;
  scrapeP50: number;
  scrapeP99: number;
  /** pharmacy_metrics_database_read_seconds as each scrape reported it: the database's share. */
  readP50: number;
  readP99: number;
  scrapeBytes: number;
  readyP50: number;
  readyP99: number;
}

async function insertInBatches(
  handle: DatabaseHandle,
  table: 'registrations' | 'sms_outbox' | 'webhook_messages',
  rows: Iterable<Record<string, unknown>>,
) {
  await handle.transaction('relaxed', async (trx) => {
    let batch: Array<Record<string, unknown>> = [];
    const flush = () =>
      trx
        .insertInto(table)
        .values(batch as never)
        .execute();
    for (const row of rows) {
      batch.push(row);
      if (batch.length < BATCH) continue;
      await flush();
      batch = [];
    }
    if (batch.length > 0) await flush();
  });
}

/** Registrations, each with its receipt: sent for all but the last OWED; OWED webhook events owed to one endpoint. */
async function seed(handle: DatabaseHandle): Promise<void> {
  const locations = readJson<Locations>(fromRoot('src', 'server', 'locations', 'iran-locations.json'));
  const now = Date.now();
  await insertInBatches(
    handle,
    'registrations',
    (function* () {
      for (const { row } of registrations(REGISTRATIONS, locations, now)) yield row;
    })(),
  );
  const later = now + 24 * 60 * MINUTE;
  await insertInBatches(
    handle,
    'sms_outbox',
    (function* () {
      for (let index = 0; index < REGISTRATIONS; index += 1) {
        const owed = index >= REGISTRATIONS - OWED;
        yield {
          kind: 'receipt',
          receptor: `0912${String(1_000_000 + index).padStart(7, '0')}`,
          message: 'receipt',
          status: owed ? 'waiting' : 'sent',
          attempts: owed ? 3 : 1,
          next_attempt_at: owed ? later : now,
          created_at: now - (REGISTRATIONS - index) * 1000,
          sent_at: owed ? null : now,
        };
      }
    })(),
  );
  const endpoint = await handle.db
    .insertInto('webhook_endpoints')
    .values({
      url: 'https://receiver.example.ir/hook',
      description: 'bench',
      events: '["registration.created"]',
      secret: 'unused',
      headers: null,
      header_names: '[]',
      enabled: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertInBatches(
    handle,
    'webhook_messages',
    (function* () {
      for (let index = 0; index < OWED; index += 1)
        yield {
          endpoint_id: endpoint.id,
          webhook_id: `msg_bench_${index}`,
          event: 'registration.created',
          payload: '{}',
          status: 'waiting',
          next_attempt_at: later,
          created_at: now - index * 1000,
        };
    })(),
  );
  await sql`analyze`.execute(handle.db);
}

const DATABASE_READ = /^pharmacy_metrics_database_read_seconds (\S+)$/m;

async function timed(url: string, count: number): Promise<{ times: number[]; reads: number[]; bytes: number }> {
  const times: number[] = [];
  const reads: number[] = [];
  let bytes = 0;
  for (let index = 0; index < count + 10; index += 1) {
    const started = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    const took = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
    // The first ten warm the connection and the statement caches.
    if (index < 10) continue;
    times.push(took);
    const read = DATABASE_READ.exec(body);
    if (read) reads.push(Number(read[1]) * 1000);
    bytes = body.length;
  }
  return { times, reads, bytes };
}

async function measure(
  database: string,
  databaseUrl: string,
  target: Parameters<typeof openDatabase>[0],
  dir?: string,
): Promise<Figure> {
  const begun = Date.now();
  const handle = await openDatabase(target);
  try {
    await seed(handle);
  } finally {
    await handle.close();
  }
  const seedS = round((Date.now() - begun) / 1000, 1);
  log(`monitoring: ${database} seeded in ${seedS} s`);
  const metricsPort = await freePort();
  const server = await startProductServer(`monitoring server (${database})`, {
    dir,
    extraEnv: { DATABASE_URL: databaseUrl, METRICS_PORT: String(metricsPort), SMS_PROVIDER: 'log' },
  });
  try {
    const scrapes = await timed(`http://127.0.0.1:${metricsPort}/metrics`, SCRAPES);
    if (
      !/pharmacy_outbox_waiting_messages\{outbox="sms"\} 10000|pharmacy_outbox_waiting_messages\{outbox="sms"\} 1000\b/.test(
        await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
      )
    )
      throw new Error('the scrape does not show the owed SMS');
    const probes = await timed(`${server.url}/api/health/ready`, PROBES);
    return {
      database,
      seedS,
      scrapeP50: round(median(scrapes.times), 2),
      scrapeP99: round(percentile(scrapes.times, 0.99), 2),
      readP50: round(median(scrapes.reads), 2),
      readP99: round(percentile(scrapes.reads, 0.99), 2),
      scrapeBytes: scrapes.bytes,
      readyP50: round(median(probes.times), 2),
      readyP99: round(percentile(probes.times, 0.99), 2),
    };
  } finally {
    await server.stop();
  }
}

async function measureSqlite(): Promise<Figure> {
  const dir = mkdtempSync(join(tmpdir(), 'pharmacy-bench-monitoring-'));
  try {
    const path = join(dir, 'app.db');
    return await measure('sqlite', `sqlite:${path}`, { kind: 'sqlite', path }, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measurePostgres(): Promise<Figure | undefined> {
  const postgres = await postgresDatabase();
  if ('reason' in postgres) {
    log(`monitoring: PostgreSQL not measured: ${postgres.reason}`);
    return undefined;
  }
  try {
    return await measure('postgres', postgres.url, { kind: 'postgres', url: postgres.url });
  } finally {
    await postgres.drop();
  }
}

const loadAtStart = loadavg()[0].toFixed(1);
const figures: Figure[] = [];
if (only !== 'postgres') figures.push(await measureSqlite());
if (only !== 'sqlite') {
  const postgres = await measurePostgres();
  if (postgres) figures.push(postgres);
}
const header = `${REGISTRATIONS.toLocaleString('en')} registrations, ${OWED.toLocaleString('en')} SMS and ${OWED.toLocaleString('en')} webhook messages owed; ${SCRAPES} scrapes and ${PROBES} readiness probes one after another; load average ${loadAtStart} at the start, ${loadavg()[0].toFixed(1)} at the end`;
const table = [
  `| database | seed s | GET /metrics p50 ms | p99 ms | its database read p50 ms | p99 ms | bytes | GET /api/health/ready p50 ms | p99 ms |`,
  `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ...figures.map(
    (figure) =>
      `| ${figure.database} | ${figure.seedS} | ${figure.scrapeP50} | ${figure.scrapeP99} | ${figure.readP50} | ${figure.readP99} | ${figure.scrapeBytes} | ${figure.readyP50} | ${figure.readyP99} |`,
  ),
].join('\n');
console.log(`\n${header}\n\n${table}\n`);
mkdirSync(fromRoot('bench', 'tmp'), { recursive: true });
writeFileSync(fromRoot('bench', 'tmp', 'monitoring.md'), `${header}\n\n${table}\n`);
