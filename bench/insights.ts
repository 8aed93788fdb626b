// `npm run bench:insights` — what «رفتار فرم» costs the server: batches of events taken per second
// on SQLite (autocannon, many visits in parallel, one address with the limit lifted), and how long
// the console's read takes over many counters (a year of days, ten versions, every step, field
// and rule), on SQLite and on a fresh PostgreSQL database (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local one; created for the run and dropped after). Prints the
// figures; the read's budget (p95 ≤ 100 ms on each database) is checked by eye here.
//
//   --seconds=N   how long autocannon runs (default 10; 0 skips the ingestion)
//   --days=N      days of counters seeded per version (default 365)
//   --reads=N     timed reads of each kind per database (default 40)
//   --db=sqlite|postgres   only that database's read
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { catalogueOf } from '../src/server/insights/catalogue.js';
import { addCounts, type Count } from '../src/server/insights/insights.repository.js';
import { readInsights } from '../src/server/insights/insights.report.js';
import type { InsightsQuery } from '../src/server/insights/insights.schemas.js';
import { insightsPaths } from '../src/shared/contracts/insights.js';
import type { InsightBatch } from '../src/shared/contracts/insights.schemas.js';
import { TIME_BUCKETS } from '../src/shared/insights/stats.js';
import { root } from './lib/util.js';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

const folder = mkdtempSync(join(tmpdir(), 'insights-bench-'));

function configFor(databaseUrl: string) {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    CAPTCHA_QUESTIONS_FILE: join(root, 'tests/fixtures/captcha-questions.json'),
    LOCATIONS_FILE: join(root, 'tests/fixtures/locations.json'),
    CSRF_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    CLIENT_DIR: join(folder, 'no-client'),
    NODE_ENV: 'production',
    RATE_LIMIT_STATISTIC_PER_MINUTE: '100000000',
    LOG_LEVEL: 'silent',
  });
}

/** A step's batch as the wizard sends it: the step shown, two fields touched, one error and its correction. */
function stepBatch(version: string): string {
  const batch: InsightBatch = {
    visit: randomBytes(16).toString('base64url'),
    version,
    at: { step: 'manager', field: 'mobileNumber' },
    events: [
      { type: 'shown', step: 'manager' },
      { type: 'touched', step: 'manager', field: 'nationalCode' },
      { type: 'invalid', step: 'manager', field: 'nationalCode', rule: 'ir-national-code' },
      { type: 'corrected', step: 'manager', field: 'nationalCode' },
      { type: 'touched', step: 'manager', field: 'mobileNumber' },
      { type: 'completed', step: 'manager', ms: 41_000 },
    ],
  };
  return JSON.stringify(batch);
}

async function benchIngestion(seconds: number): Promise<void> {
  const app = await buildApp({ config: configFor(`sqlite:${join(folder, 'ingest.db')}`) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const version = app.definitions.live().version;
  const response = await fetch(`${address}/api/Register/Config`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  const result = await autocannon({
    url: `${address}${insightsPaths.events}`,
    connections: 20,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookie.join('; ') },
        setupRequest: (request) => ({ ...request, body: stepBatch(version) }),
      },
    ],
  });
  const accepted = result.statusCodeStats?.['204']?.count ?? 0;
  console.log(
    `ingestion (SQLite, 20 connections, ${seconds} s): ${Math.round(accepted / seconds)} batches/s of 6 events, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-204: ${result.non2xx}`,
  );
  await app.close();
}

/** Counters of ten versions over `days` days: every step, field and rule of the shipped form. */
async function seed(app: FastifyInstance, days: number): Promise<number> {
  const catalogue = catalogueOf(app.definitions.live().wizard);
  const version = app.definitions.live().version;
  let rows = 0;
  for (let v = 0; v < 10; v += 1) {
    const definitionVersion = v === 0 ? version : `bench-${v}`;
    for (let d = 0; d < days; d += 1) {
      const day = new Date(Date.UTC(2025, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
      const counts: Count[] = [];
      const count = (measure: string, step: string, field = '', rule = '') =>
        counts.push({ day, definition_version: definitionVersion, measure, step, field, rule, n: 1 + (d % 7) });
      for (const [step, entry] of catalogue) {
        count('reached', step);
        count('completed', step);
        for (const bucket of TIME_BUCKETS) count('time', step, '', String(bucket));
        for (const [field, fieldEntry] of entry.fields) {
          for (const measure of ['touched', 'corrected', 'server_refused', 'abandoned']) count(measure, step, field);
          for (const rule of fieldEntry.rules.keys()) count('invalid', step, field, rule);
        }
      }
      if (v === 0) counts.push({ ...counts[0], definition_version: '', measure: 'batch_refused', rule: 'too_many' });
      await app.database.transaction('relaxed', (trx) => addCounts(trx, counts));
      rows += counts.length;
    }
  }
  return rows;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The read the screen makes, `reads` times after a warm-up: p50, p95 and the slowest. */
async function timeReads(app: FastifyInstance, query: InsightsQuery, reads: number): Promise<string> {
  const deps = {
    db: app.database.db,
    live: () => app.definitions.live(),
    byVersion: (asked: string) => app.definitions.byVersion(asked),
  };
  await readInsights(deps, query);
  const timings: number[] = [];
  for (let run = 0; run < reads; run += 1) {
    const started = performance.now();
    await readInsights(deps, query);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(1);
  return `p50 ${ms(percentile(timings, 50))} ms, p95 ${ms(percentile(timings, 95))} ms, slowest ${ms(timings.at(-1)!)} ms`;
}

async function benchReads(name: string, databaseUrl: string): Promise<void> {
  const app = await buildApp({ config: configFor(databaseUrl) });
  const started = performance.now();
  const rows = await seed(app, option('days', 365));
  // As the database's own upkeep would after a year of writes (autovacuum on PostgreSQL).
  await sql`analyze`.execute(app.database.db);
  const seeded = ((performance.now() - started) / 1000).toFixed(0);
  const version = app.definitions.live().version;
  const reads = option('reads', 40);
  const kinds: Array<[string, InsightsQuery]> = [
    ['two versions, all days', { version, compare: 'bench-1' }],
    ['two versions, 2025-02-11..2025-11-19', { version, compare: 'bench-1', from: '2025-02-11', to: '2025-11-19' }],
    ['one version, 2025-06-22..2025-07-21', { version, from: '2025-06-22', to: '2025-07-21' }],
  ];
  console.log(
    `insights read on ${name}, ${rows.toLocaleString('en')} counters (seeded in ${seeded} s), ${reads} reads each:`,
  );
  for (const [label, query] of kinds) console.log(`  ${label}: ${await timeReads(app, query, reads)}`);
  await app.close();
}

/** A fresh PostgreSQL database for the run, dropped after. */
async function withPostgres(use: (url: string) => Promise<void>): Promise<void> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `insights_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const seconds = option('seconds', 10);
if (seconds > 0) await benchIngestion(seconds);
const only = process.argv.find((arg) => arg.startsWith('--db='))?.split('=')[1];
if (only !== 'postgres') await benchReads('SQLite', `sqlite:${join(folder, 'read.db')}`);
if (only !== 'sqlite') await withPostgres((url) => benchReads('PostgreSQL', url));
rmSync(folder, { recursive: true, force: true });
