// Small helpers shared by the benchmark sections: options, logging, compression sizes, waiting.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fromRoot = (...parts: string[]): string => resolve(root, ...parts);

/** Where the bench builds the client (gitignored bench/tmp), apart from a concurrently rebuilt dist/. */
export const privateClientDir = () => fromRoot('bench', 'tmp', 'client');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags verified on this machine (shared/stack/verified-versions.md). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Options {
  quick: boolean;
  build: boolean;
  only: Set<string> | undefined;
  outDir: string;
}

export function parseOptions(argv: string[]): Options {
  const quick = argv.includes('--quick');
  const onlyArg = argv.find((arg) => arg.startsWith('--only='));
  return {
    quick,
    build: !argv.includes('--no-build'),
    only: onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : undefined,
    outDir: quick ? fromRoot('bench', 'tmp') : fromRoot('bench'),
  };
}

const started = Date.now();
export function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  console.log(`[bench ${seconds}s] ${message}`);
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function gzipBytes(data: Buffer): number {
  return gzipSync(data, { level: 9 }).length;
}

export function brotliBytes(data: Buffer): number {
  return brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }).length;
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Polls a URL until it answers (any status below 500) or the time is up. */
export async function waitForHttp(url: string, timeoutMs = 30_000, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process serving ${url} exited before it answered`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(150);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`);
}

/** Runs a command with inherited output; rejects with its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The nearest-rank percentile (`share` 0.99 for p99). */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

export const round = (value: number, digits = 0): number => {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Page script writing sessionStorage entries; injected before any of the page's own scripts run. */
export function seedScript(entries: Record<string, string>): string {
  return `for (const [key, value] of Object.entries(${JSON.stringify(entries)})) sessionStorage.setItem(key, value);`;
}
