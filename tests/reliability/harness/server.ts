/**
 * Real server processes: `node dist/server/server.js` on a free loopback port, with its own
 * environment, every stdout/stderr line captured (the log test reads them), health-checked before
 * use, stopped gracefully or killed with SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { captchaBankFile, repoRoot, serverEntry } from './env.js';
import { rawRequest } from './http.js';

/** One CSRF secret per worker, so restarts of a server on the same database keep their tokens valid. */
const csrfSecret = randomBytes(32).toString('base64url');

export interface LogLine {
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface StartOptions {
  /** DATABASE_URL */
  databaseUrl: string;
  env?: Record<string, string | undefined>;
  /** Reuse a port (restart after a crash); otherwise a free one is found. */
  port?: number;
  /** How long to wait for /api/health 200 (false: only wait for the port to accept). */
  waitHealthy?: boolean;
  timeoutMs?: number;
  label?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

const running = new Set<ServerProcess>();

export class ServerProcess {
  readonly lines: LogLine[] = [];
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;
  readonly exited: Promise<void>;
  #partial = { stdout: '', stderr: '' };

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly env: Record<string, string>,
    readonly label: string,
  ) {
    this.exited = new Promise((resolveExit) => {
      child.on('exit', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        this.#flushPartial();
        running.delete(this);
        resolveExit();
      });
    });
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream]?.setEncoding('utf8');
      child[stream]?.on('data', (chunk: string) => this.#take(stream, chunk));
    }
  }

  static async start(options: StartOptions): Promise<ServerProcess> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const port = options.port ?? (await freePort());
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        CAPTCHA_QUESTIONS_FILE: captchaBankFile,
        NODE_ENV: 'test',
        CSRF_SECRET: csrfSecret,
        LOG_LEVEL: 'info',
        RATE_LIMIT_CAPTCHA_PER_MINUTE: '1000000',
        RATE_LIMIT_REGISTRATION_PER_MINUTE: '1000000',
        RATE_LIMIT_STATISTIC_PER_MINUTE: '1000000',
        // Off, like the rate limits: the load tests drive two cores flat out on purpose.
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        // Stopped at once: the graceful stop's own delay is tested where it matters.
        SHUTDOWN_DELAY_MS: '0',
      };
      for (const [name, value] of Object.entries(options.env ?? {})) {
        if (value === undefined) delete env[name];
        else env[name] = value;
      }
      const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const server = new ServerProcess(child, port, env, options.label ?? 'server');
      running.add(server);
      try {
        await server.waitReady(options.waitHealthy ?? true, options.timeoutMs ?? 30_000);
        return server;
      } catch (error) {
        lastError = error;
        await server.kill();
        const inUse = server.output().includes('EADDRINUSE');
        if (!inUse || options.port !== undefined) break;
      }
    }
    throw lastError;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get alive(): boolean {
    return this.exitCode === null && this.exitSignal === null;
  }

  output(): string {
    return this.lines.map((line) => line.text).join('\n');
  }

  tail(n = 30): string {
    return this.lines
      .slice(-n)
      .map((line) => `[${this.label} ${line.stream}] ${line.text}`)
      .join('\n');
  }

  async waitReady(healthy: boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      if (!this.alive)
        throw new Error(
          `${this.label} exited (code ${this.exitCode}, signal ${this.exitSignal}) before it was ready:\n${this.tail()}`,
        );
      try {
        const response = await rawRequest({
          port: this.port,
          method: 'GET',
          path: '/api/health',
          timeoutMs: 2000,
          agent: false,
        });
        if (!healthy || response.status === 200) return;
        last = `health ${response.status}`;
      } catch (error) {
        last = (error as Error).message;
      }
      await sleep(100);
    }
    throw new Error(`${this.label} not ready after ${timeoutMs} ms (${last}):\n${this.tail()}`);
  }

  /** SIGTERM, then SIGKILL if it has not ended in time. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** kill -9: no shutdown hook runs, nothing is flushed. */
  async kill(): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  #take(stream: 'stdout' | 'stderr', chunk: string): void {
    const text = this.#partial[stream] + chunk;
    const parts = text.split('\n');
    this.#partial[stream] = parts.pop() ?? '';
    for (const part of parts) if (part.length > 0) this.lines.push({ stream, text: part });
  }

  #flushPartial(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.#partial[stream]) this.lines.push({ stream, text: this.#partial[stream] });
      this.#partial[stream] = '';
    }
  }
}

/** Ends every server this worker started (afterAll safety net). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.kill()));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}
