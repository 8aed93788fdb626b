import { randomInt } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/contracts/wizard-api.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { serviceUrl } from '../services.js';
import type { CodeProofChallenge } from '../../src/shared/contracts/followup.schemas.js';
import { solveCodeProof } from '../fixtures/code-proof.js';
import { LOOKUPS_PER_PASS, PASS_LIFETIME_MS } from '../../src/server/address/address-pass.js';
import { MAX_ANSWER_BYTES } from '../../src/server/address/address.service.js';
import { databaseTargets, openSession, testApp, type DatabaseTarget, type Session } from './helpers.js';

const SERVICE_KEY = 'service.7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c1e';
/** A point in Tehran (Enghelab Square), well inside Iran's box. */
const TEHRAN = { lat: 35.70123, lng: 51.39145 };

type Behaviour =
  | { kind: 'neshan' }
  | { kind: 'mapir' }
  | { kind: 'neshan-error'; status: number; name: string }
  | { kind: 'slow'; ms: number }
  | { kind: 'not-json' }
  | { kind: 'huge'; bytes: number; declared: boolean };

interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

/** Answers as each service documents: Neshan's v5/reverse, Map.ir's reverse, their refusals, a hang. */
interface FakeMapService {
  url: string;
  seen: SeenRequest[];
  behave(next: Behaviour): void;
  close(): Promise<void>;
}

async function fakeMapService(): Promise<FakeMapService> {
  let behaviour: Behaviour = { kind: 'neshan' };
  const seen: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', headers: request.headers });
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    switch (behaviour.kind) {
      case 'neshan':
        return json(200, {
          status: 'OK',
          formatted_address: 'تهران، خیابان انقلاب اسلامی، نبش خیابان فلسطین',
          route_name: 'خیابان انقلاب اسلامی',
          neighbourhood: 'فلسطین',
          city: 'تهران',
          state: 'استان تهران',
          in_traffic_zone: true,
          in_odd_even_zone: true,
        });
      case 'mapir':
        return json(200, {
          address: 'ایران، استان تهران، تهران، منطقه ۶، خیابان انقلاب اسلامی، خیابان فلسطین',
          postal_address: 'تهران، خیابان انقلاب اسلامی، خیابان فلسطین',
          address_compact: 'تهران، منطقه ۶، خیابان انقلاب اسلامی، خیابان فلسطین',
          province: 'تهران',
          city: 'تهران',
          country: 'ایران',
        });
      case 'neshan-error':
        return json(behaviour.status, { status: 'ERROR', code: behaviour.status, message: behaviour.name });
      case 'slow': {
        const timer = setTimeout(() => json(200, { status: 'OK', formatted_address: 'دیر' }), behaviour.ms);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      case 'not-json':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>');
        return;
      case 'huge': {
        // A valid answer padded past any address: with its length declared, or streamed without one.
        const padding = 'ا'.repeat(behaviour.bytes / 2);
        const body = JSON.stringify({ status: 'OK', formatted_address: `خیابان ${padding}` });
        const headers = behaviour.declared
          ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
          : { 'content-type': 'application/json' };
        response.writeHead(200, headers).end(body);
      }
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    behave: (next) => {
      behaviour = next;
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const apps: FastifyInstance[] = [];
let service: FakeMapService;
let logLines: string[];

beforeAll(async () => {
  service = await fakeMapService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.seen.length = 0;
  service.behave({ kind: 'neshan' });
  logLines = [];
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWith(env: Record<string, string>, clock?: () => number): Promise<FastifyInstance> {
  const app = await testApp(
    { RATE_LIMIT_ADDRESS_PER_MINUTE: '1000', ADDRESS_PROOF_DIFFICULTY: '1', ...env },
    {
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
      ...(clock ? { clock } : {}),
    },
  );
  apps.push(app);
  return app;
}

/** A pre-session that bought its lookups the wizard's way: challenge, proof of work, pass. */
async function passedSession(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<Session> {
  const session = await openSession(app);
  const challenge = await app.inject({
    url: apiPaths.addressChallenge,
    headers: { cookie: session.cookie },
    remoteAddress,
  });
  expect(challenge.statusCode, challenge.body).toBe(200);
  const proof = await solveCodeProof(challenge.json<CodeProofChallenge>());
  const pass = await app.inject({
    method: 'POST',
    url: apiPaths.addressPass,
    headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json' },
    payload: JSON.stringify({ proof }),
    remoteAddress,
  });
  expect(pass.statusCode, pass.body).toBe(204);
  return session;
}

/** Each app's one pre-session with a pass, for the tests that are about something else. */
const sessions = new WeakMap<FastifyInstance, Promise<Session>>();
function sessionOf(app: FastifyInstance): Promise<Session> {
  let session = sessions.get(app);
  if (!session) sessions.set(app, (session = passedSession(app)));
  return session;
}

async function ask(
  app: FastifyInstance,
  point: { lat: number | string; lng: number | string },
  remoteAddress = '127.0.0.1',
  session?: Session,
) {
  const { cookie } = session ?? (await sessionOf(app));
  return app.inject({
    url: `${apiPaths.address}?lat=${point.lat}&lng=${point.lng}`,
    remoteAddress,
    headers: { cookie },
  });
}

const neshanEnv = (): Record<string, string> => ({
  MAP_SERVICE: 'neshan',
  MAP_SERVICE_KEY: SERVICE_KEY,
  MAP_SERVICE_URL: service.url,
});

describe('GET /api/Utility/Address against a stand-in for Neshan', () => {
  it('asks v5/reverse with the Api-Key header and answers the street address without city and province', async () => {
    const app = await appWith(neshanEnv());
    const response = await ask(app, TEHRAN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ address: 'خیابان انقلاب اسلامی، نبش خیابان فلسطین' });
    expect(service.seen).toHaveLength(1);
    expect(service.seen[0].path).toBe(`/v5/reverse?lat=${TEHRAN.lat}&lng=${TEHRAN.lng}`);
    expect(service.seen[0].headers['api-key']).toBe(SERVICE_KEY);
    expect(response.body).not.toContain(SERVICE_KEY);
    expect(logLines.join('\n')).not.toContain(SERVICE_KEY);
  });

  it.each([
    [470, 'CoordinateParseError'],
    [480, 'KeyNotFound'],
    [481, 'LimitExceeded'],
    [482, 'RateExceeded'],
    [483, 'ApiKeyTypeError'],
  ])('turns its %i (%s) into 404 address_unavailable, the key in no log line', async (status, name) => {
    const app = await appWith(neshanEnv());
    service.behave({ kind: 'neshan-error', status, name });
    const response = await ask(app, TEHRAN);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'address_unavailable', message: fa.errors.address_unavailable },
    });
    expect(logLines.some((line) => line.includes(String(status)))).toBe(true);
    expect(logLines.join('\n')).not.toContain(SERVICE_KEY);
  });

  it('gives up after 2 s: 404, not a 5xx, and the answer does not wait for the service', async () => {
    const app = await appWith(neshanEnv());
    // The service answers at 2.5 s, on a timer of this same process: had the lookup waited longer
    // than that, it would have had the address (200). The upper bound is an order of events, not
    // milliseconds a busy machine stretches; timers never fire early, so the lower bound holds.
    service.behave({ kind: 'slow', ms: 2500 });
    const started = performance.now();
    const response = await ask(app, TEHRAN);
    const took = performance.now() - started;
    expect(response.statusCode).toBe(404);
    expect(took).toBeGreaterThanOrEqual(1900);
  }, 10_000);

  it('treats an answer that is not its JSON (a proxy page) as no address', async () => {
    const app = await appWith(neshanEnv());
    service.behave({ kind: 'not-json' });
    expect((await ask(app, TEHRAN)).statusCode).toBe(404);
  });

  it.each([true, false])(
    `reads no answer larger than ${MAX_ANSWER_BYTES / 1024} KiB into memory (length declared: %s): 404, a warning`,
    async (declared) => {
      const app = await appWith(neshanEnv());
      service.behave({ kind: 'huge', bytes: 2 * 1024 * 1024, declared });
      expect((await ask(app, TEHRAN)).statusCode).toBe(404);
      expect(logLines.some((line) => line.includes('map service answered more than an address'))).toBe(true);
      // Just under the bound is still an address.
      service.behave({ kind: 'huge', bytes: MAX_ANSWER_BYTES - 1024, declared });
      expect((await ask(app, { lat: TEHRAN.lat + 0.01, lng: TEHRAN.lng })).statusCode).toBe(200);
    },
  );

  it('answers a point again from its cache: the same rounded point does not reach the service twice', async () => {
    const app = await appWith(neshanEnv());
    expect((await ask(app, TEHRAN)).statusCode).toBe(200);
    // About a metre away: the same point to four decimals.
    const again = await ask(app, { lat: TEHRAN.lat + 0.00001, lng: TEHRAN.lng - 0.00001 });
    expect(again.json()).toEqual({ address: 'خیابان انقلاب اسلامی، نبش خیابان فلسطین' });
    expect(service.seen).toHaveLength(1);
    // A point a street away is asked anew.
    await ask(app, { lat: TEHRAN.lat + 0.001, lng: TEHRAN.lng });
    expect(service.seen).toHaveLength(2);
  });

  it('asks the service once for the same point asked many times at once', async () => {
    const app = await appWith(neshanEnv());
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(app, TEHRAN)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(service.seen).toHaveLength(1);
  });

  it('does not cache a failure: the next ask reaches the service again', async () => {
    const app = await appWith(neshanEnv());
    service.behave({ kind: 'neshan-error', status: 482, name: 'RateExceeded' });
    expect((await ask(app, TEHRAN)).statusCode).toBe(404);
    service.behave({ kind: 'neshan' });
    expect((await ask(app, TEHRAN)).statusCode).toBe(200);
    expect(service.seen).toHaveLength(2);
  });

  it('follows map.provider neshan without MAP_SERVICE', async () => {
    const schemasDir = mkdtempSync(join(tmpdir(), 'address-schemas-'));
    try {
      cpSync(resolve('schemas'), schemasDir, { recursive: true });
      const configFile = join(schemasDir, 'register-config.json');
      const config = JSON.parse(readFileSync(configFile, 'utf8')) as { map: Record<string, unknown> };
      config.map.provider = 'neshan';
      writeFileSync(configFile, JSON.stringify(config));
      const app = await appWith({
        SCHEMAS_DIR: schemasDir,
        MAP_SERVICE_KEY: SERVICE_KEY,
        MAP_SERVICE_URL: service.url,
      });
      expect((await ask(app, TEHRAN)).statusCode).toBe(200);
      expect(service.seen[0].path).toMatch(/^\/v5\/reverse\?/);
    } finally {
      rmSync(schemasDir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/Utility/Address against a stand-in for Map.ir', () => {
  it('asks reverse?lat=&lon= with x-api-key and answers the postal address without the city', async () => {
    const app = await appWith({ MAP_SERVICE: 'mapir', MAP_SERVICE_KEY: SERVICE_KEY, MAP_SERVICE_URL: service.url });
    service.behave({ kind: 'mapir' });
    const response = await ask(app, TEHRAN);
    expect(response.json()).toEqual({ address: 'خیابان انقلاب اسلامی، خیابان فلسطین' });
    expect(service.seen[0].path).toBe(`/reverse?lat=${TEHRAN.lat}&lon=${TEHRAN.lng}`);
    expect(service.seen[0].headers['x-api-key']).toBe(SERVICE_KEY);
    expect(service.seen[0].headers['api-key']).toBeUndefined();
    expect(logLines.join('\n')).not.toContain(SERVICE_KEY);
  });

  it('turns its refusal (401) into 404 address_unavailable', async () => {
    const app = await appWith({ MAP_SERVICE: 'mapir', MAP_SERVICE_KEY: SERVICE_KEY, MAP_SERVICE_URL: service.url });
    service.behave({ kind: 'neshan-error', status: 401, name: 'Unauthorized' });
    expect((await ask(app, TEHRAN)).statusCode).toBe(404);
  });
});

describe('GET /api/Utility/Address: what is refused before any provider is asked', () => {
  it('answers 404 address_unavailable with the shipped osm map and no service configured', async () => {
    const app = await appWith({});
    const response = await ask(app, TEHRAN);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'address_unavailable' } });
  });

  it('answers 404 with osm and a service URL but no service key: nothing is asked', async () => {
    const app = await appWith({ MAP_SERVICE_URL: service.url });
    expect((await ask(app, TEHRAN)).statusCode).toBe(404);
    expect(service.seen).toHaveLength(0);
  });

  it.each([
    ['Istanbul', { lat: 41.01, lng: 28.97 }],
    ['Baghdad', { lat: 33.31, lng: 44.36 - 1 }],
    ['north of the box', { lat: 40.5, lng: 50 }],
    ['the null island', { lat: 0, lng: 0 }],
  ])('answers 400 with a Persian message for a point outside Iran (%s)', async (_name, point) => {
    const app = await appWith(neshanEnv());
    const response = await ask(app, point);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'address_outside_iran', message: fa.errors.address_outside_iran },
    });
    expect(service.seen).toHaveLength(0);
  });

  it.each([
    { lat: 'abc', lng: 51 },
    { lat: 35.7, lng: '' },
    { lat: '35.7;drop', lng: 51 },
    { lat: '35.7&lat=35.8', lng: 51 },
  ])('answers 400 bad_request when lat or lng is not a number (%j)', async (point) => {
    const app = await appWith(neshanEnv());
    const response = await ask(app, point);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'bad_request' } });
    expect(service.seen).toHaveLength(0);
  });

  it('answers 400 without lat and lng', async () => {
    const app = await appWith(neshanEnv());
    expect((await app.inject({ url: apiPaths.address })).statusCode).toBe(400);
  });
});

const redisUrl = serviceUrl('TEST_REDIS_URL', 'The shared address rate-limit test');
const stores: [string, Record<string, string>][] = [
  ['in memory', {}],
  ...(redisUrl ? ([['in Redis', { REDIS_URL: redisUrl }]] as [string, Record<string, string>][]) : []),
];

describe.each(stores)('GET /api/Utility/Address rate limit, counters %s', (_store, storeEnv) => {
  /** A client address of its own per run: runs sharing one Redis count apart. */
  const client = (): string => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

  it('lets exactly the limit through when many ask at once over HTTP, then 429 rate_limited', async () => {
    const app = await appWith({ ...neshanEnv(), ...storeEnv, RATE_LIMIT_ADDRESS_PER_MINUTE: '5', TRUST_PROXY: 'true' });
    // Over a real socket, as browsers ask: in-process injections all land in one tick, where the
    // library's memory store hands every request the same counter object (all would read 12).
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const ip = client();
    const { cookie } = await sessionOf(app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        fetch(`${base}${apiPaths.address}?lat=${TEHRAN.lat + index * 0.01}&lng=${TEHRAN.lng}`, {
          headers: { 'x-forwarded-for': ip, cookie },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // Another client has its own count.
    expect((await ask(app, TEHRAN, client())).statusCode).toBe(200);
  });

  it('in sequence: the limit, then 429 with Retry-After', async () => {
    const app = await appWith({ ...neshanEnv(), ...storeEnv, RATE_LIMIT_ADDRESS_PER_MINUTE: '3' });
    const ip = client();
    for (let index = 0; index < 3; index += 1) expect((await ask(app, TEHRAN, ip)).statusCode).toBe(200);
    const limited = await ask(app, TEHRAN, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('GET /api/Utility/Address costs a client a pre-session and a proof of work', () => {
  it('refuses a lookup without the pre-session cookie, or with one that bought no pass: 403 address_pass, nothing asked', async () => {
    const app = await appWith(neshanEnv());
    const anonymous = await app.inject({ url: `${apiPaths.address}?lat=${TEHRAN.lat}&lng=${TEHRAN.lng}` });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ error: { code: 'address_pass', message: fa.errors.address_pass } });
    const unpaid = await ask(app, TEHRAN, '127.0.0.1', await openSession(app));
    expect(unpaid.statusCode).toBe(403);
    expect(service.seen).toHaveLength(0);
  });

  it('buys nothing with a wrong proof, one solved for another pre-session, or one already spent', async () => {
    const app = await appWith(neshanEnv());
    const session = await openSession(app);
    const other = await openSession(app);
    const challengeOf = async (of: Session) =>
      (await app.inject({ url: apiPaths.addressChallenge, headers: { cookie: of.cookie } })).json<CodeProofChallenge>();
    const buy = (proof: unknown) =>
      app.inject({
        method: 'POST',
        url: apiPaths.addressPass,
        headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json' },
        payload: JSON.stringify({ proof }),
      });
    const solved = await solveCodeProof(await challengeOf(session));
    const wrong = { ...solved, solution: { ...solved.solution, derivedKey: '00'.repeat(32) } };
    expect((await buy(wrong)).json()).toMatchObject({ error: { code: 'address_pass' } });
    expect((await buy(await solveCodeProof(await challengeOf(other)))).statusCode).toBe(400);
    // Spent once only, also when sent ten times at once.
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => buy(solved)))).map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
    // A proof larger than its shape is refused before anything is checked.
    const oversized = { ...solved, challenge: { ...solved.challenge, signature: 'a'.repeat(10_000) } };
    expect((await buy(oversized)).statusCode).toBe(400);
    // Without the anti-forgery header no pass is bought either.
    const forged = await app.inject({
      method: 'POST',
      url: apiPaths.addressPass,
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ proof: solved }),
    });
    expect(forged.json()).toMatchObject({ error: { code: 'csrf' } });
  });

  it(`a pass buys ${LOOKUPS_PER_PASS} lookups, cached ones too, however many are sent at once; then a new proof is needed`, async () => {
    const app = await appWith(neshanEnv());
    const session = await passedSession(app);
    const answers = await Promise.all(
      Array.from({ length: LOOKUPS_PER_PASS + 15 }, (_, index) =>
        ask(app, { lat: TEHRAN.lat + (index % 5) * 0.01, lng: TEHRAN.lng }, '127.0.0.1', session),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LOOKUPS_PER_PASS);
    expect(statuses.filter((status) => status === 403)).toHaveLength(15);
    expect((await ask(app, TEHRAN, '127.0.0.1', session)).statusCode).toBe(403);
    // The next proof of the same pre-session buys the next lookups.
    const again = await passedSession(app);
    expect((await ask(app, TEHRAN, '127.0.0.1', again)).statusCode).toBe(200);
  });

  it('the challenge and the pass are rate-limited per client like the lookups', async () => {
    const app = await appWith({ ...neshanEnv(), RATE_LIMIT_ADDRESS_PER_MINUTE: '3' });
    const session = await openSession(app);
    const statuses = [];
    for (let index = 0; index < 5; index += 1)
      statuses.push(
        (await app.inject({ url: apiPaths.addressChallenge, headers: { cookie: session.cookie } })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('a pass lasts its hour, not longer', async () => {
    let now = Date.UTC(2026, 0, 10, 8, 0, 0);
    const app = await appWith(neshanEnv(), () => now);
    const session = await passedSession(app);
    expect((await ask(app, TEHRAN, '127.0.0.1', session)).statusCode).toBe(200);
    now += PASS_LIFETIME_MS;
    expect((await ask(app, TEHRAN, '127.0.0.1', session)).statusCode).toBe(403);
  });
});

const budgetTargets = await databaseTargets();

describe.each(budgetTargets)('the map service budget on $name', (target: DatabaseTarget) => {
  afterAll(() => target.drop());
  /** A point of its own per index: none is answered from the cache or shares a call. */
  const pointOf = (index: number) => ({ lat: 30 + Math.floor(index / 100) * 0.01, lng: 50 + (index % 100) * 0.01 });

  it('ADDRESS_LOOKUPS_PER_HOUR=100: 1,000 lookups from 1,000 addresses at once make 100 calls; the rest 503 with Retry-After, one warning', async () => {
    const now = Date.UTC(2026, 0, 10, 8, 30, 0);
    const app = await appWith(
      { ...neshanEnv(), DATABASE_URL: target.url, ADDRESS_LOOKUPS_PER_HOUR: '100', TRUST_PROXY: 'true' },
      () => now,
    );
    const clients = Array.from({ length: 1000 }, (_, index) => `10.9.${Math.floor(index / 250)}.${index % 250}`);
    const sessions: Session[] = [];
    for (let start = 0; start < clients.length; start += 100) {
      const batch = clients.slice(start, start + 100);
      sessions.push(...(await Promise.all(batch.map((client) => passedSession(app, client)))));
    }
    // Over real sockets, as browsers ask: injections all run in one chain of microtasks, which keeps
    // the event loop from the provider's sockets for longer than the provider may take.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const answers = await Promise.all(
      clients.map(async (client, index) => {
        const { lat, lng } = pointOf(index);
        const response = await fetch(`${base}${apiPaths.address}?lat=${lat}&lng=${lng}`, {
          headers: { cookie: sessions[index].cookie, 'x-forwarded-for': client },
        });
        return { statusCode: response.status, headers: response.headers, body: await response.text() };
      }),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(service.seen).toHaveLength(100);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 503)).toHaveLength(900);
    const refused = answers.find((answer) => answer.statusCode === 503)!;
    expect(JSON.parse(refused.body)).toEqual({
      error: { code: 'address_capacity', message: fa.errors.address_capacity },
    });
    // The end of the clock hour: half an hour away.
    expect(refused.headers.get('retry-after')).toBe('1800');
    const warnings = logLines.filter((line) => line.includes('ADDRESS_LOOKUPS_PER_HOUR reached'));
    expect(warnings).toHaveLength(1);
    // A point already answered is still answered from the cache: it costs nothing.
    expect((await ask(app, pointOf(statuses.indexOf(200)), clients[0], sessions[0])).statusCode).toBe(200);
    expect(service.seen).toHaveLength(100);
  }, 120_000);

  it('in sequence, with the daily budget: the day refuses past ADDRESS_LOOKUPS_PER_DAY whatever the hour allows, until the next day', async () => {
    let now = Date.UTC(2026, 0, 11, 22, 0, 0);
    const app = await appWith(
      { ...neshanEnv(), DATABASE_URL: target.url, ADDRESS_LOOKUPS_PER_HOUR: '3', ADDRESS_LOOKUPS_PER_DAY: '5' },
      () => now,
    );
    let session = await passedSession(app);
    const statusAt = async (index: number) => (await ask(app, pointOf(index), '127.0.0.1', session)).statusCode;
    expect([await statusAt(1), await statusAt(2), await statusAt(3), await statusAt(4)]).toEqual([200, 200, 200, 503]);
    now += 3_600_000;
    // A pass lasts an hour: the manager's browser buys a new one.
    session = await passedSession(app);
    expect([await statusAt(5), await statusAt(6), await statusAt(7)]).toEqual([200, 200, 503]);
    const refused = await ask(app, pointOf(8), '127.0.0.1', session);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(logLines.filter((line) => line.includes('ADDRESS_LOOKUPS_PER_DAY reached'))).toHaveLength(1);
    expect(service.seen).toHaveLength(5);
    now += 3_600_000;
    session = await passedSession(app);
    expect(await statusAt(9)).toBe(200);
  });
});
