// Servers under test run in their own processes, apart from the load generator and the browsers,
// so that they never share an event loop with what measures them.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, fromRoot, log, root, waitForHttp } from './util.js';

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  dir: string;
  rssBytes(): number;
  stop(): Promise<void>;
  output(): string;
}

interface CaptchaBank {
  questions: Array<{ question: string; options: string[]; answer: number }>;
}

/** Fallback bank in the product's documented file format, used when tests/fixtures has none. */
const fallbackCaptchaBank: CaptchaBank = {
  questions: [
    { question: 'رنگ آسمان صاف در روز چیست؟', options: ['آبی', 'سبز', 'قرمز', 'زرد'], answer: 0 },
    { question: 'پایتخت ایران کدام شهر است؟', options: ['شیراز', 'تهران', 'تبریز'], answer: 1 },
    { question: 'حاصل دو به‌علاوهٔ سه چند است؟', options: ['چهار', 'شش', 'پنج', 'هفت'], answer: 2 },
    { question: 'کدام یک میوه است؟', options: ['سیب', 'میز', 'کتاب', 'ماشین'], answer: 0 },
    { question: 'یک هفته چند روز دارد؟', options: ['پنج', 'شش', 'هفت'], answer: 2 },
  ],
};

const fixtureBank = fromRoot('tests', 'fixtures', 'captcha-questions.json');

/** The bank the servers under test use: the tests' fixture bank, whose right options a client can find by text. */
export const benchCaptchaBank: CaptchaBank = existsSync(fixtureBank)
  ? (JSON.parse(readFileSync(fixtureBank, 'utf8')) as CaptchaBank)
  : fallbackCaptchaBank;

export function answerFor(question: string, options: string[]): number {
  const entry = benchCaptchaBank.questions.find((candidate) => candidate.question === question);
  if (!entry) throw new Error(`captcha question not in the bench bank: ${question}`);
  const index = options.indexOf(entry.options[entry.answer]);
  if (index < 0) throw new Error(`captcha answer not among the options of: ${question}`);
  return index;
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function startProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPath: string,
  dir: string,
): Promise<ServerProcess> {
  const port = await freePort();
  // Logs go to a file, as in production, so the load generator never has to read them.
  const logFile = join(dir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    // SHUTDOWN_DELAY_MS 0: no balancer to drain, so each server stops at once between the sections.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SHUTDOWN_DELAY_MS: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-5000);
    } catch {
      return '';
    }
  };
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url + readyPath, 30_000, () => !exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not start: ${(error as Error).message}\n${output().slice(-3000)}`);
  }
  const pid = child.pid ?? -1;
  return {
    name,
    url,
    pid,
    dir,
    rssBytes: () => rssOf(pid),
    output,
    stop: () =>
      new Promise<void>((done) => {
        if (exited) return done();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

export interface ProductServerOptions {
  clientDir?: string;
  extraEnv?: NodeJS.ProcessEnv;
  /** Node flags (a CPU profile when investigating: --cpu-prof). */
  nodeArgs?: string[];
  /** Reuse this folder (database, secret) instead of a fresh one; it is then kept on stop. */
  dir?: string;
}

/** The real server (`dist/server/server.js`) on a fresh SQLite file in a temp dir, rate limits high. */
export async function startProductServer(name: string, options: ProductServerOptions = {}): Promise<ServerProcess> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'pharmacy-bench-'));
  const bank = join(dir, 'captcha-bank.json');
  writeFileSync(bank, JSON.stringify(benchCaptchaBank));
  log(`starting ${name} (${options.extraEnv?.DATABASE_URL ? 'its own DATABASE_URL' : `SQLite in ${dir}`})`);
  const server = await startProcess(
    name,
    [...(options.nodeArgs ?? []), fromRoot('dist', 'server', 'server.js')],
    {
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      CAPTCHA_QUESTIONS_FILE: bank,
      RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000000',
      RATE_LIMIT_REGISTRATION_PER_MINUTE: '100000000',
      CLIENT_DIR: options.clientDir ?? fromRoot('dist', 'client'),
      ...options.extraEnv,
    },
    '/api/health',
    dir,
  );
  const stop = server.stop.bind(server);
  server.stop = async () => {
    await stop();
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  };
  return server;
}
