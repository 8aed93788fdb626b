/**
 * Starting the built server for the end-to-end run: `node dist/server/server.js` on a free port,
 * a fresh SQLite file in a temporary folder, the fixture captcha bank. Used by global-setup.ts.
 */
import { spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NESHAN_WEB_KEY, neshanSchemas } from './map-stand-in.js';

export const projectRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export interface StartedServer {
  baseURL: string;
  databaseFile: string;
  captchaBankFile: string;
  /** Origins of the map tile URL template from Register/Config; tests answer them with a tiny PNG. */
  tileOrigins: string[];
  logFile: string;
  stop: () => Promise<void>;
}

/** The captcha bank the server's own tests use (tests/fixtures/), or E2E_CAPTCHA_BANK. */
export function findCaptchaBank(): string {
  const fromEnv = process.env.E2E_CAPTCHA_BANK;
  if (fromEnv) return resolve(fromEnv);
  const folder = join(projectRoot, 'tests', 'fixtures');
  const candidates = existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => /captcha/i.test(name) && name.endsWith('.json'))
        .sort()
    : [];
  if (candidates.length === 0) {
    throw new Error(
      `e2e: no fixture captcha bank found in ${folder} (a *captcha*.json file in the bank format of ` +
        'docs/configuration.md, CAPTCHA_QUESTIONS_FILE), and E2E_CAPTCHA_BANK is not set. The tests need a bank whose answers they know.',
    );
  }
  return join(folder, candidates[0]);
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

export interface StartOptions {
  /** A client built from another definition (tests/e2e/conditional-build.ts). */
  clientDir?: string;
  /** The definition the server reads (SCHEMAS_DIR); the shipped schemas/ by default. */
  schemasDir?: string;
  /** The server-side page renderer's folder (SSR_DIR); beside the built client by default. */
  ssrDir?: string;
  /** Another database (DATABASE_URL), e.g. a PostgreSQL shared by two servers; a fresh SQLite file by default. */
  databaseUrl?: string;
  /** More environment for the server (e.g. CSRF_SECRET shared by two servers). */
  env?: Record<string, string>;
}

export async function startServer(options: StartOptions = {}): Promise<StartedServer> {
  // Overridable only to try the harness against a stand-in server.
  const serverJs = resolve(process.env.E2E_SERVER_ENTRY ?? join(projectRoot, 'dist', 'server', 'server.js'));
  const builtClient = resolve(options.clientDir ?? process.env.E2E_CLIENT_DIR ?? join(projectRoot, 'dist', 'client'));
  const missing = [serverJs, join(builtClient, 'index.html')].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `e2e: the built product is missing (${missing.join(', ')}). ` +
        'Run `npm run build` before `npx playwright test` (the end-to-end tests run the built server, not the sources).',
    );
  }
  const captchaBankFile = findCaptchaBank();
  const folder = mkdtempSync(join(tmpdir(), 'pharmacy-e2e-'));
  const databaseFile = join(folder, 'e2e.db');
  const logFile = join(folder, 'server.log');
  // A snapshot of the built client: a rebuild while the suite runs must not swap the hashed assets
  // under the pages being tested.
  const clientDir = join(folder, 'client');
  cpSync(builtClient, clientDir, { recursive: true });
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [serverJs], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl ?? `sqlite:${databaseFile}`,
      CAPTCHA_QUESTIONS_FILE: captchaBankFile,
      CLIENT_DIR: clientDir,
      // The server-side bundle that renders each version's pages stays in the project (it imports
      // React and RJSF from node_modules); built with the client, beside it.
      SSR_DIR: options.ssrDir ?? join(builtClient, '..', 'ssr'),
      ...(options.schemasDir ? { SCHEMAS_DIR: options.schemasDir } : {}),
      NODE_ENV: process.env.E2E_NODE_ENV ?? 'production',
      // The suite plays many managers from one address within a minute: lift the per-client limits
      // (their own tests live in tests/reliability), keep everything else as in production.
      RATE_LIMIT_CAPTCHA_PER_MINUTE: '10000',
      RATE_LIMIT_REGISTRATION_PER_MINUTE: '10000',
      RATE_LIMIT_STATISTIC_PER_MINUTE: '10000',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      // No balancer to drain here: stopped at once (the delay itself is tested in tests/reliability).
      SHUTDOWN_DELAY_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exited: string | undefined;
  child.on('exit', (code, signal) => {
    exited = `exit code ${code ?? '-'}, signal ${signal ?? '-'}`;
  });

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) {
      throw new Error(`e2e: the server stopped while starting (${exited}). Its log:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`e2e: the server did not answer /api/health within 30 s. Its log:\n${tail(logFile)}`);
    }
    await new Promise((done) => setTimeout(done, 150));
  }

  const tileOrigins: string[] = [];
  try {
    const config = (await (await fetch(`${baseURL}/api/Register/Config`)).json()) as {
      map?: { tileUrl?: string };
    };
    const template = config.map?.tileUrl;
    if (template) {
      // {s} subdomains: answer every subdomain of the host.
      const host = new URL(template.replace(/\{[^}]+\}/g, '0')).host;
      tileOrigins.push(template.includes('{s}') ? host.replace(/^0\./, '') : host);
    }
  } catch {
    // The tests that need Config will fail with their own message.
  }

  const stop = async (): Promise<void> => {
    if (!exited) {
      const done = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(timer);
    }
    // The server must not have failed a request or logged an error while the browser used it.
    const failures = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => /"level":(50|60)\b|"statusCode":5\d\d\b/.test(line));
    if (!process.env.E2E_KEEP_DATABASE && failures.length === 0) rmSync(folder, { recursive: true, force: true });
    else console.log(`e2e: kept ${folder}`);
    if (failures.length > 0) {
      throw new Error(
        `e2e: the server logged ${failures.length} error(s) or 5xx answer(s) during the run:\n${failures.slice(0, 10).join('\n')}`,
      );
    }
  };
  return { baseURL, databaseFile, captchaBankFile, tileOrigins, logFile, stop };
}

/**
 * A server of its own on the `neshan` provider: a copy of schemas/ whose register-config.json
 * names neshan (map type dreamy, POI on, traffic off), and MAP_KEY a web key. Its pages' requests to
 * Neshan's hosts are for the stand-in (map-stand-in.ts) to answer.
 */
export async function startNeshanServer(): Promise<StartedServer> {
  return startServer({ schemasDir: neshanSchemas(join(projectRoot, 'schemas')), env: { MAP_KEY: NESHAN_WEB_KEY } });
}

/**
 * The database readers (helpers.ts) and the staff CLI use the database of E2E_DATABASE_FILE, the
 * global server's: this server's instead, while `work` runs.
 */
export async function withDatabaseOf<T>(server: StartedServer, work: () => T | Promise<T>): Promise<T> {
  const shared = process.env.E2E_DATABASE_FILE;
  process.env.E2E_DATABASE_FILE = server.databaseFile;
  try {
    return await work();
  } finally {
    process.env.E2E_DATABASE_FILE = shared;
  }
}
