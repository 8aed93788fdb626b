import { request as httpRequest } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiKeys } from '../../src/server/api-keys/api-key.repository.js';
import { SAFE_METHODS } from '../../src/server/plugins/csrf.js';
import { staffPaths } from '../../src/shared/contracts/staff.js';
import { signInStaff, testApp, type StaffSession } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const PASSWORD = 'a-long-password-for-tests-1';

interface WriteRoute {
  method: string;
  url: string;
}

/**
 * Every unsafe route the app declares under /api/, as the router knows it (not a hand list). A
 * beacon route (`config.beacon`: sent by navigator.sendBeacon, which cannot add a header) is
 * judged by Sec-Fetch-Site instead of the token: it is listed apart.
 */
const writeRoutes: WriteRoute[] = [];
const beaconRoutes: WriteRoute[] = [];
const collect = (route: RouteOptions): void => {
  if (!route.url.startsWith('/api/')) return;
  const list = route.config?.beacon ? beaconRoutes : writeRoutes;
  for (const method of [route.method].flat()) {
    if (!SAFE_METHODS.has(method)) list.push({ method, url: route.url });
  }
};

/** A route's pattern with every parameter filled: an id that exists (1) for the staff's own rows. */
const concrete = (url: string): string => url.replace(/:[A-Za-z]+/g, '1');

/**
 * Spellings of one path that a browser or a proxy might send and a router might decode: a letter of
 * each segment percent-encoded, the first one alone, doubled slashes, dot segments, and case changed.
 */
function spellings(path: string): Array<[string, string]> {
  const segments = path.split('/').slice(1);
  const encodeFirstLetter = (segment: string): string =>
    segment.replace(/[A-Za-z]/, (letter) => `%${letter.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const upperFirst = (segment: string): string => segment.replace(/[a-z]/, (letter) => letter.toUpperCase());
  return [
    ['percent-encoded first segment', `/${encodeFirstLetter(segments[0])}/${segments.slice(1).join('/')}`],
    ['every segment percent-encoded', `/${segments.map(encodeFirstLetter).join('/')}`],
    [
      'upper-case percent escape',
      `/${segments
        .map(encodeFirstLetter)
        .join('/')
        .toUpperCase()
        .replace(/%([0-9A-F]{2})/g, '%$1')}`,
    ],
    ['double slash in front', `/${path}`],
    ['double slash inside', path.replace('/api/', '/api//')],
    ['dot segment', path.replace('/api/', '/api/./')],
    ['dot-dot segment', path.replace('/api/', '/api/x/../')],
    ['encoded dot-dot segment', path.replace('/api/', '/api/x/%2e%2e/')],
    ['mixed case', `/${segments.map(upperFirst).join('/')}`],
    ['trailing slash', `${path}/`],
  ];
}

let app: FastifyInstance;
let base: URL;
let admin: StaffSession;

beforeAll(async () => {
  app = await testApp({ RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' }, { onRoute: collect });
  await addStaffAccount(app.database.db, 'admin@example.ir', 'admin', PASSWORD, 0);
  admin = await signInStaff(app, 'admin@example.ir', PASSWORD);
  base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(() => app.close());

/** Sends the path exactly as written: fetch and inject would normalise it first. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const body = method === 'DELETE' ? undefined : '{}';
  const typed = body === undefined ? headers : { 'content-type': 'application/json', ...headers };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: base.hostname, port: base.port, method, path, headers: typed }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('the anti-forgery check judges the route the router matched, not the spelling of the URL', () => {
  it('finds the staff writes among the routes, the key revocation and the sign-out among them', () => {
    const staffWrites = writeRoutes.filter((route) => route.url.startsWith('/api/staff/'));
    expect(staffWrites.length).toBeGreaterThan(10);
    expect(staffWrites).toContainEqual({ method: 'DELETE', url: '/api/staff/api-keys/:id' });
    expect(staffWrites).toContainEqual({ method: 'DELETE', url: staffPaths.session });
    expect(staffWrites).toContainEqual({ method: 'POST', url: '/api/staff/api-keys' });
  });

  it('refuses every spelling of a beacon route sent cross-site (403 csrf)', async () => {
    expect(beaconRoutes.length).toBeGreaterThan(0);
    const letThrough: string[] = [];
    for (const route of beaconRoutes) {
      for (const [spelling, path] of spellings(concrete(route.url))) {
        const response = await send(route.method, path, { 'sec-fetch-site': 'cross-site' });
        const code = (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
        const outcome = `${response.status} ${code}`;
        if (outcome !== '403 csrf' && outcome !== '404 not_found' && outcome !== '400 bad_request')
          letThrough.push(`${route.method} ${path} (${spelling}): ${outcome}`);
      }
    }
    expect(letThrough).toEqual([]);
  });

  it('POST /%61pi/staff/api-keys with an admin cookie and no X-XSRF-TOKEN makes no key (403 csrf)', async () => {
    const response = await send('POST', '/%61pi/staff/api-keys', { cookie: admin.cookie });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'csrf' } });
    expect(await listApiKeys(app.database.db)).toHaveLength(0);
  });

  it('refuses every spelling of every write under /api/ without the token: 403 csrf where it routes, else 404', async () => {
    // A key to revoke, so that a DELETE reaching its handler would show.
    const made = await app.inject({
      method: 'POST',
      url: '/api/staff/api-keys',
      headers: admin.headers,
      payload: { name: 'kept', scopes: ['registrations:read'] },
    });
    expect(made.statusCode).toBe(201);
    const refused: string[] = [];
    for (const route of writeRoutes) {
      for (const [spelling, path] of spellings(concrete(route.url))) {
        const response = await send(route.method, path, { cookie: admin.cookie });
        const code = (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
        const outcome = `${response.status} ${code}`;
        if (outcome !== '403 csrf' && outcome !== '404 not_found' && outcome !== '400 bad_request')
          refused.push(`${route.method} ${path} (${spelling}): ${outcome}`);
      }
    }
    expect(refused).toEqual([]);
    // Nothing was changed: the key lives, and the admin is still signed in.
    expect((await listApiKeys(app.database.db)).every((key) => key.revokedAt === null)).toBe(true);
    const stillIn = await app.inject({ url: staffPaths.session, headers: { cookie: admin.cookie } });
    expect(stillIn.statusCode).toBe(200);
  });

  it('the same spellings with the token reach the route: the guard is about the token, not the path', async () => {
    const response = await send('POST', '/%61pi/staff/api-keys', {
      cookie: admin.cookie,
      'x-xsrf-token': admin.token,
    });
    // The body `{}` misses name and scopes: the route was reached and validated it.
    expect(response.status).toBe(400);
  });
});
