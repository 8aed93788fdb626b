/**
 * Once per run: build the server (and the client, for the CSP check) when missing or older than its
 * sources, give the run an id, and at the end print the figures table and drop any PostgreSQL
 * database of this run a crashed worker may have left.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const reliabilityDir = resolve(root, 'tests', 'reliability');
const runDir = resolve(reliabilityDir, '.run');

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function buildServerIfStale(): void {
  const entry = resolve(root, 'dist', 'server', 'server.js');
  const sources = Math.max(newestMtime(resolve(root, 'src', 'server')), newestMtime(resolve(root, 'src', 'shared')));
  if (existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  if (!existsSync(resolve(root, 'src', 'server', 'server.ts'))) {
    console.warn('[reliability] src/server/server.ts does not exist yet: only the harness checks can pass.');
    return;
  }
  console.log('[reliability] building the server (dist/server/server.js is missing or older than src/server)…');
  execSync('npm run build:server', { cwd: root, stdio: 'inherit' });
  if (!existsSync(entry)) throw new Error('npm run build:server did not produce dist/server/server.js');
}

function buildClientIfMissing(): void {
  const marker = resolve(runDir, 'client-build-error.txt');
  rmSync(marker, { force: true });
  if (existsSync(resolve(root, 'dist', 'client', 'index.html'))) return;
  console.log('[reliability] building the client (dist/client is missing) for the CSP check…');
  try {
    execSync('npm run build:client', { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stdout?: Buffer; stderr?: Buffer; message: string };
    writeFileSync(marker, `${e.message}\n${e.stdout?.toString() ?? ''}\n${e.stderr?.toString() ?? ''}`);
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const started = Date.now();
  mkdirSync(runDir, { recursive: true });
  process.env.RELIABILITY_RUN_ID ??= `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const runId = process.env.RELIABILITY_RUN_ID;
  const { figuresFile, figuresMarkdown, sizes, dbKinds } = await import('./harness/env.js');
  rmSync(figuresFile, { force: true });
  buildServerIfStale();
  buildClientIfMissing();

  return async () => {
    const { readFigures, renderFigures } = await import('./harness/figures.js');
    const { dropPostgresDatabase } = await import('./harness/db.js');
    const listFile = resolve(runDir, `pg-databases-${runId}.txt`);
    if (existsSync(listFile)) {
      for (const name of new Set(readFileSync(listFile, 'utf8').split('\n').filter(Boolean))) {
        await dropPostgresDatabase(name).catch((error: Error) =>
          console.error(`[reliability] could not drop ${name}: ${error.message}`),
        );
      }
      rmSync(listFile, { force: true });
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const header = [
      `## Reliability figures (${new Date().toISOString()})`,
      '',
      `Databases: ${dbKinds.join(', ')}; Redis: ${process.env.TEST_REDIS_URL ? 'yes' : 'no'}; sizes: ${sizes.badRequests} bad requests, ` +
        `${sizes.registrations} registrations, ${sizes.concurrency} concurrent clients; run time ${seconds} s.`,
    ].join('\n');
    const table = renderFigures(readFigures(), header);
    writeFileSync(figuresMarkdown, table);
    console.log(`\n${table}`);
  };
}
