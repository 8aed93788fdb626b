// Server throughput: autocannon (in this process, the load generator) against the real server in
// its own process on a fresh SQLite file: p99 per route, registrations/s (every POST a new
// registration with its own session, token and solved captcha, prepared beforehand), and the size
// of the Locations answer as sent.
import { randomUUID } from 'node:crypto';
import { closeSync, fdatasyncSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cookieHeader, cookiesOf, pool, send } from '../lib/http.js';
import { answerFor, startProductServer } from '../lib/processes.js';
import { log, round, sleep } from '../lib/util.js';

const paths = {
  config: '/api/Register/Config',
  locations: '/api/Utility/Locations',
  captcha: '/api/Register/GetCaptcha',
  registration: '/api/Register/Pharmacy',
};

/** What a browser sends with every call. */
const browserHeaders = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'sec-fetch-site': 'same-origin',
  'user-agent': 'Mozilla/5.0 (Linux; Android 13) pharmacy-bench',
};

export interface LoadFigure {
  target: string;
  method: string;
  path: string;
  note: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  ok2xx: number;
  ok3xx: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  durationMs: number;
}

export interface RunSpec {
  target: string;
  url: string;
  method?: string;
  path: string;
  note: string;
  headers?: Record<string, string>;
  requests?: autocannon.Request[];
  amount?: number;
  seconds: number;
}

export async function load(spec: RunSpec, connections: number): Promise<LoadFigure> {
  const options: autocannon.Options = {
    url: spec.url + spec.path,
    method: (spec.method ?? 'GET') as autocannon.Request['method'],
    connections,
    headers: { ...browserHeaders, ...spec.headers },
    requests: spec.requests,
    duration: spec.seconds,
    timeout: 10,
  };
  if (spec.amount !== undefined) options.amount = spec.amount;
  let instance: autocannon.Instance | undefined;
  let timer: NodeJS.Timeout | undefined;
  const result = await new Promise<autocannon.Result>((done, fail) => {
    instance = autocannon(options, (error, outcome) =>
      error ? fail(error instanceof Error ? error : new Error(String(error))) : done(outcome),
    );
    // With `amount` (a finite pool of prepared registrations) autocannon ignores `duration`: stop it
    // at the same time limit as the other runs.
    if (spec.amount !== undefined) timer = setTimeout(() => instance?.stop(), spec.seconds * 1000);
  });
  if (timer) clearTimeout(timer);
  const durationMs = result.finish.getTime() - result.start.getTime();
  const answered = result['2xx'] + result['3xx'];
  return {
    target: spec.target,
    method: spec.method ?? 'GET',
    path: spec.path,
    note: spec.note,
    requestsPerSec: round(answered / (durationMs / 1000)),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    ok2xx: result['2xx'],
    ok3xx: result['3xx'],
    non2xx: result.non2xx - result['3xx'],
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
    ),
    errors: result.errors,
    timeouts: result.timeouts,
    durationMs,
  };
}

/** The disk's fsync (and fdatasync) rate on the folder the database lives in. */
export function fsyncRate(dir: string, seconds: number): { fsyncPerSec: number; fdatasyncPerSec: number } {
  const file = join(dir, 'fsync-probe.bin');
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(4096, 7);
  const measure = (sync: (fd: number) => void) => {
    let count = 0;
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      writeSync(fd, block, 0, block.length, (count % 16) * 4096);
      sync(fd);
      count++;
    }
    return round(count / seconds);
  };
  try {
    return { fsyncPerSec: measure(fsyncSync), fdatasyncPerSec: measure(fdatasyncSync) };
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}

/** Prefixes of real national codes (persian-tools checks the 3-digit city prefix too). */
const nationalCodePrefixes = ['049', '079', '008', '001', '002', '003'];

/** A distinct, valid national code: a real city prefix, 6 digits from `seed`, the check digit. */
export function nationalCode(seed: number): string {
  const prefix = nationalCodePrefixes[seed % nationalCodePrefixes.length];
  const middle = String(1 + (Math.floor(seed / nationalCodePrefixes.length) % 999_999)).padStart(6, '0');
  const digits = (prefix + middle).split('').map(Number);
  const sum = digits.reduce((total, digit, index) => total + digit * (10 - index), 0);
  const remainder = sum % 11;
  return prefix + middle + String(remainder < 2 ? remainder : 11 - remainder);
}

export interface Prepared {
  headers: Record<string, string>;
  body: string;
}

interface Place {
  id: number;
  provinceId: number;
  latitude: number;
  longitude: number;
}

/** One session per registration: cookies and XSRF token from a GET, then a captcha, solved. */
export async function prepareRegistrations(
  base: string,
  count: number,
): Promise<{ prepared: Prepared[]; failures: string[] }> {
  const locations = JSON.parse(
    (await send(base + paths.locations, { headers: { accept: 'application/json' } })).body,
  ) as { cities: Place[] };
  const cities = locations.cities;
  const failures: string[] = [];
  const prepared = await pool(
    Array.from({ length: count }, (_, i) => i),
    48,
    async (i): Promise<Prepared | undefined> => {
      try {
        const first = await send(base + paths.config, { headers: browserHeaders });
        const jar = cookiesOf(first);
        const captchaReply = await send(base + paths.captcha, {
          headers: { ...browserHeaders, cookie: cookieHeader(jar) },
        });
        Object.assign(jar, cookiesOf(captchaReply));
        if (captchaReply.status !== 200)
          throw new Error(`GetCaptcha answered ${captchaReply.status}: ${captchaReply.body.slice(0, 200)}`);
        const captcha = JSON.parse(captchaReply.body) as { id: string; question: string; options: string[] };
        const token = jar['XSRF-TOKEN'] ?? Object.entries(jar).find(([name]) => name.endsWith('XSRF-TOKEN'))?.[1];
        if (!token)
          throw new Error(`no XSRF-TOKEN cookie after GET (cookies: ${Object.keys(jar).join(', ') || 'none'})`);
        const city = cities[i % cities.length];
        const body = {
          name: `داروخانه آزمون ${i}`,
          type: (i % 6) + 1,
          service: (i % 14) + 1,
          hasDavajoo: i % 2 === 0,
          cityId: city.id,
          address: `خیابان آزادی، کوچه ${i}، پلاک ${i % 300}`,
          latitude: city.latitude,
          longitude: city.longitude,
          tier: 1,
          adminData: {
            firstName: 'مریم',
            lastName: 'احمدی',
            nationalCode: nationalCode(i),
            mobileNumber: `0912${String(1_000_000 + (i % 9_000_000)).padStart(7, '0')}`,
          },
          captcha: { id: captcha.id, validOptionIndex: answerFor(captcha.question, captcha.options) },
        };
        return {
          headers: {
            'content-type': 'application/json',
            cookie: cookieHeader(jar),
            'x-xsrf-token': decodeURIComponent(token),
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify(body),
        };
      } catch (error) {
        if (failures.length < 5) failures.push((error as Error).message);
        return undefined;
      }
    },
  );
  return { prepared: prepared.filter((item): item is Prepared => item !== undefined), failures };
}

/**
 * POST Register/Pharmacy for autocannon: each prepared registration sent once (`setupRequest`),
 * the first refusals kept in `refusals` (at most 3) to say why when too many were refused.
 */
export function registrationRun(base: string, prepared: Prepared[], refusals: string[]): Omit<RunSpec, 'seconds'> {
  let next = 0;
  return {
    target: 'registration',
    url: base,
    method: 'POST',
    path: paths.registration,
    note: 'each a new registration, synchronous=FULL',
    amount: prepared.length,
    requests: [
      {
        method: 'POST',
        path: paths.registration,
        onResponse: (status: number, body: string) => {
          if (status >= 400 && refusals.length < 3) refusals.push(`${status} ${body.slice(0, 160)}`);
        },
        setupRequest: (request: autocannon.Request) => {
          const item = prepared[next++ % prepared.length];
          return {
            ...request,
            method: 'POST',
            path: paths.registration,
            headers: { ...request.headers, ...item.headers },
            body: item.body,
          };
        },
      },
    ],
  };
}

export interface ServerSection {
  connections: number;
  secondsPerRun: number;
  runs: LoadFigure[];
  fsyncPerSec: number;
  fdatasyncPerSec: number;
  serverRssAfterRunBytes: number;
  /** Bytes of the Locations answer on the wire, per encoding a browser may get. */
  locationsBytes: { brotli: number; gzip: number; identity: number };
  preparedRegistrations: number;
  notes: string[];
}

export async function serverSection(quick: boolean, clientDir: string): Promise<ServerSection> {
  const seconds = quick ? 1 : 10;
  const warmup = quick ? 0 : 2;
  const connections = 50;
  const runs: LoadFigure[] = [];
  const notes: string[] = [];
  const measure = async (spec: Omit<RunSpec, 'seconds'>) => {
    if (warmup > 0 && spec.amount === undefined) await load({ ...spec, seconds: warmup }, connections);
    const figure = await load({ ...spec, seconds }, connections);
    log(
      `  ${figure.target.padEnd(18)} ${String(figure.requestsPerSec).padStart(7)} req/s  p50 ${figure.latencyP50Ms} ms  p99 ${figure.latencyP99Ms} ms  non-2xx ${figure.non2xx}  errors ${figure.errors}`,
    );
    runs.push(figure);
    return figure;
  };

  const product = await startProductServer('server under load', { clientDir });
  try {
    const base = product.url;
    const first = await send(base + paths.config, { headers: browserHeaders });
    const session = cookieHeader(cookiesOf(first));
    await measure({
      target: 'config',
      url: base,
      path: paths.config,
      note: 'with session cookies',
      headers: { cookie: session },
    });
    const locations = await send(base + paths.locations, { headers: { ...browserHeaders, cookie: session } });
    const etag = locations.headers.etag;
    await measure({
      target: 'locations',
      url: base,
      path: paths.locations,
      note: `full body (${String(locations.headers['content-encoding'] ?? 'identity')})`,
      headers: { cookie: session },
    });
    if (typeof etag === 'string') {
      await measure({
        target: 'locations (304)',
        url: base,
        path: paths.locations,
        note: 'If-None-Match → 304',
        headers: { cookie: session, 'if-none-match': etag },
      });
    } else notes.push('Utility/Locations sent no ETag, so the If-None-Match run was skipped.');
    const captcha = await measure({
      target: 'captcha',
      url: base,
      path: paths.captcha,
      note: 'each a new captcha row',
      headers: { cookie: session },
    });

    // Enough registrations for the run: a registration costs at least what a captcha does (a row,
    // a group commit), so the captcha rate × the run's seconds, within bounds (preparing is slow:
    // two requests each). Should they run out early, the rate is still over the seconds they took.
    const count = quick ? 3_000 : Math.round(Math.min(25_000, Math.max(5_000, captcha.requestsPerSec * seconds)));
    log(`  preparing ${count} registrations (session, token, solved captcha each)…`);
    const { prepared, failures } = await prepareRegistrations(base, count);
    if (prepared.length === 0) throw new Error(`could not prepare any registration: ${failures.join(' | ')}`);
    if (failures.length > 0) notes.push(`preparing registrations: ${failures.join(' | ')}`);
    const refusals: string[] = [];
    await sleep(200);
    const post = await measure(registrationRun(base, prepared, refusals));
    if (post.durationMs < seconds * 900)
      notes.push(
        `all ${prepared.length} prepared registrations were sent in ${round(post.durationMs / 1000, 1)} s (the run is shorter than ${seconds} s)`,
      );
    if (post.ok2xx < post.requests * 0.99) {
      const probe = await send(base + paths.registration, {
        method: 'POST',
        headers: { ...browserHeaders, ...prepared[prepared.length - 1].headers },
        body: prepared[prepared.length - 1].body,
      });
      notes.push(
        `POST Register/Pharmacy: ${post.non2xx} of ${post.requests} answers were not 2xx (${JSON.stringify(post.statusCodes)}), e.g. ${refusals.join(' | ')}; the last prepared one sent alone answers ${probe.status}`,
      );
    }
    const serverRss = product.rssBytes();
    const disk = fsyncRate(product.dir, quick ? 0.25 : 1);
    const locationsBytes = {
      brotli: await wireBytes(base + paths.locations, 'br'),
      gzip: await wireBytes(base + paths.locations, 'gzip'),
      identity: await wireBytes(base + paths.locations, 'identity'),
    };
    return {
      connections,
      secondsPerRun: seconds,
      runs,
      ...disk,
      serverRssAfterRunBytes: serverRss,
      locationsBytes,
      preparedRegistrations: prepared.length,
      notes,
    };
  } finally {
    await product.stop();
  }
}

/** Body bytes as they travel (still compressed) for one Accept-Encoding. */
function wireBytes(url: string, encoding: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { headers: { ...browserHeaders, 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done(bytes));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}
