/**
 * Everything the reliability suite reads from the environment, in one place, with the defaults the
 * suite's figures are taken at (sizes are small enough for a few minutes on 2 cores; raise them for longer runs).
 */
import { resolve } from 'node:path';
import { serviceUrl } from '../../services.js';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
export const reliabilityDir = resolve(repoRoot, 'tests', 'reliability');
export const runDir = resolve(reliabilityDir, '.run');
export const figuresFile = resolve(reliabilityDir, '.figures.jsonl');
export const figuresMarkdown = resolve(reliabilityDir, 'last-figures.md');
export const serverEntry = resolve(repoRoot, 'dist', 'server', 'server.js');
export const clientDir = resolve(repoRoot, 'dist', 'client');
export const captchaBankFile = resolve(reliabilityDir, 'fixtures', 'captcha-bank.json');

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number (it is "${raw}")`);
  return value;
}

export const sizes = {
  badRequests: positive('RELIABILITY_BAD_REQUESTS', 5000),
  registrations: positive('RELIABILITY_REGISTRATIONS', 2000),
  concurrency: positive('RELIABILITY_CONCURRENCY', 50),
};

export type DbKind = 'sqlite' | 'postgres';

export const testDatabaseUrl = serviceUrl(
  'TEST_DATABASE_URL',
  'The PostgreSQL scenarios (outage, and every suite on PostgreSQL)',
);
export const testRedisUrl = serviceUrl('TEST_REDIS_URL', 'The shared rate-limit scenario');

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = testDatabaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/** One id per run, so databases, Redis keys and files of parallel runs never meet. */
export const runId = process.env.RELIABILITY_RUN_ID ?? `${Date.now().toString(36)}${process.pid.toString(36)}`;
