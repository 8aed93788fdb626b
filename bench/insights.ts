// `npm run bench:insights` — what «رفتار فرم» costs the server: batches of events taken per second
// on SQLite (autocannon, many visits in parallel, one address with the limit lifted), and how long
// the console's read takes over many counters (a year of days, ten versions, every step, field
// and rule). Prints the figures; budgets are not checked here.
//
//   --seconds=N   how long autocannon runs (default 10)
//   --days=N      days of counters seeded per version (default 365)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { catalogueOf } from '../src/server/insights/catalogue.js';
import { addCounts, type Count } from '../src/server/insights/insights.repository.js';
import { readInsights } from '../src/server/insights/insights.report.js';
import { insightsPaths, type InsightBatch } from '../src/shared/insights-contract.js';
import { TIME_BUCKETS } from '../src/shared/insights-stats.js';
import { root } from './lib/util.js';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

const folder = mkdtempSync(join(tmpdir(), 'insights-bench-'));
const config = loadConfig({
  DATABASE_URL: `sqlite:${join(folder, 'bench.db')}`,
  CAPTCHA_QUESTIONS_FILE: join(root, 'tests/fixtures/captcha-questions.json'),
  LOCATIONS_FILE: join(root, 'tests/fixtures/locations.json'),
  CSRF_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  CLIENT_DIR: join(folder, 'no-client'),
  NODE_ENV: 'production',
  RATE_LIMIT_STATISTIC_PER_MINUTE: '100000000',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const version = app.definitions.live().version;
const cookie = (await fetch(`${address}/api/Register/Config`)).headers.getSetCookie().map((line) => line.split(';')[0]);

/** A step's batch as the wizard sends it: the step shown, two fields touched, one error and its correction. */
function stepBatch(): string {
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

const seconds = option('seconds', 10);
const result = await autocannon({
  url: `${address}${insightsPaths.events}`,
  connections: 20,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie.join('; ') },
      setupRequest: (request) => ({ ...request, body: stepBatch() }),
    },
  ],
});
const accepted = result.statusCodeStats?.['204']?.count ?? 0;
console.log(
  `ingestion (SQLite, 20 connections, ${seconds} s): ${Math.round(accepted / seconds)} batches/s of 6 events, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-204: ${result.non2xx}`,
);

/** Counters of ten versions over `days` days: every step, field and rule of the shipped form. */
async function seed(days: number): Promise<number> {
  const catalogue = catalogueOf(app.definitions.live().wizard);
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
      await app.database.transaction('relaxed', (trx) => addCounts(trx, counts));
      rows += counts.length;
    }
  }
  return rows;
}

const rows = await seed(option('days', 365));
const deps = {
  db: app.database.db,
  live: () => app.definitions.live(),
  byVersion: (asked: string) => app.definitions.byVersion(asked),
};
const timings: number[] = [];
for (let run = 0; run < 7; run += 1) {
  const started = performance.now();
  await readInsights(deps, { version, compare: 'bench-1' });
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
console.log(
  `insights read over ${rows.toLocaleString('en')} counters (two versions compared, all days): median ${timings[3].toFixed(1)} ms, slowest ${timings[6].toFixed(1)} ms`,
);
await app.close();
rmSync(folder, { recursive: true, force: true });
