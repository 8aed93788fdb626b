import { randomUUID } from 'node:crypto';
import { serviceUrl } from '../services.js';
import { resolve } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import type { Captcha } from '../../src/shared/contracts/wizard-api.schemas.js';
import { validRegistrationForm } from '../fixtures/registration-form.js';

export const FIXTURES = resolve(import.meta.dirname, '../fixtures');
export const CAPTCHA_BANK = resolve(FIXTURES, 'captcha-questions.json');
export const LOCATIONS_FILE = resolve(FIXTURES, 'locations.json');
export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

/** A checked configuration for tests: in-memory SQLite, the fixture bank and locations, no build. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    CAPTCHA_QUESTIONS_FILE: CAPTCHA_BANK,
    LOCATIONS_FILE,
    CSRF_SECRET: TEST_SECRET,
    CLIENT_DIR: resolve(FIXTURES, 'no-client'),
    NODE_ENV: 'test',
    RATE_LIMIT_CAPTCHA_PER_MINUTE: '100000',
    RATE_LIMIT_REGISTRATION_PER_MINUTE: '100000',
    RATE_LIMIT_STATISTIC_PER_MINUTE: '100000',
    // Suites that move their clock sign in once per test, many a minute.
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
    // Off, like the rate limits: one app's synchronous start (validators compiled) delays the loop
    // every app of the test process shares; the pressure tests set their own bounds.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
}

export function testApp(
  env: Record<string, string | undefined> = {},
  options: Omit<BuildAppOptions, 'config'> = {},
): Promise<FastifyInstance> {
  return buildApp({ config: testConfig(env), ...options });
}

/** The two anti-forgery cookies as a browser would hold them, and the header value to echo. */
export interface Session {
  cookie: string;
  token: string;
  psid: string;
}

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return Object.fromEntries(lines.map((line) => line.split(';')[0].split('=') as [string, string]));
}

/** Opens a pre-session the way the wizard does: any GET under /api/ sets both cookies. */
export async function openSession(app: FastifyInstance): Promise<Session> {
  const response = await app.inject({ method: 'GET', url: '/api/Register/Config' });
  const cookies = cookiesOf(response);
  const psidName = Object.keys(cookies).find((name) => name.endsWith('psid'));
  if (!psidName) throw new Error('no pre-session cookie was issued');
  const token = cookies['XSRF-TOKEN'];
  return { cookie: `${psidName}=${cookies[psidName]}; XSRF-TOKEN=${token}`, token, psid: cookies[psidName] };
}

/** A colleague signed in: the pre-session's cookies with the staff cookie, and the headers of a write. */
export interface StaffSession {
  cookie: string;
  token: string;
  headers: { cookie: string; 'x-xsrf-token': string; 'content-type': string };
}

/** Signs a colleague in the way the console does: a pre-session first, then POST /api/staff/session. */
export async function signInStaff(app: FastifyInstance, email: string, password: string): Promise<StaffSession> {
  const session = await openSession(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/session',
    headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json' },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  const cookie = `${session.cookie}; staff=${cookiesOf(response).staff}`;
  return {
    cookie,
    token: session.token,
    headers: { cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json' },
  };
}

export async function fetchCaptcha(app: FastifyInstance, session: Session): Promise<Captcha> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/Register/GetCaptcha',
    headers: { cookie: session.cookie },
  });
  if (response.statusCode !== 200) throw new Error(`GetCaptcha answered ${response.statusCode}: ${response.body}`);
  return response.json<Captcha>();
}

/**
 * The fixture bank's questions quote their right option in «…»; a client finds it by its text.
 * (The shipped bank is for people; only the fixture bank is answerable by a program.)
 */
export function solveCaptcha(captcha: Captcha): number {
  const quoted = /«([^»]+)»/.exec(captcha.question)?.[1];
  const index = captcha.options.findIndex((option) => option === quoted);
  if (index < 0) throw new Error(`cannot solve captcha: ${captcha.question}`);
  return index;
}

export function wrongAnswer(captcha: Captcha): number {
  return (solveCaptcha(captcha) + 1) % captcha.options.length;
}

/** The suites' one valid registration (tests/fixtures/registration.ts) as posted, with the given captcha answer. */
export function validRegistration(
  captcha: { id: string; validOptionIndex: number },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ...validRegistrationForm(captcha), ...overrides };
}

/** A fresh, solved captcha in the session: what a client holds just before it submits. */
export async function solvedCaptcha(
  app: FastifyInstance,
  session: Session,
): Promise<{ id: string; validOptionIndex: number }> {
  const captcha = await fetchCaptcha(app, session);
  return { id: captcha.id, validOptionIndex: solveCaptcha(captcha) };
}

export function postRegistration(
  app: FastifyInstance,
  session: Session,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/Register/Pharmacy',
    headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
}

/** Registers one pharmacy the whole normal way; returns the answer. */
export async function registerOnce(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  const session = await openSession(app);
  return postRegistration(app, session, validRegistration(await solvedCaptcha(app, session), overrides), {
    'idempotency-key': randomUUID(),
  });
}

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres';
  /** DATABASE_URL for the app; for PostgreSQL it points at a schema of this test file only. */
  url: string;
  drop(): Promise<void>;
}

/**
 * SQLite always; PostgreSQL when TEST_DATABASE_URL is set, in a schema made for the caller so
 * parallel suites never see each other's rows (search_path travels in the URL's `options`).
 */
export async function databaseTargets(sqliteUrl = 'sqlite::memory:'): Promise<DatabaseTarget[]> {
  const targets: DatabaseTarget[] = [{ name: 'sqlite', url: sqliteUrl, drop: async () => {} }];
  const base = serviceUrl('TEST_DATABASE_URL', 'The PostgreSQL run of the data tests');
  if (base) targets.push(await postgresSchema(base));
  return targets;
}

export async function postgresSchema(base: string): Promise<DatabaseTarget> {
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await withClient(base, (client) => client.query(`create schema ${schema}`));
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    name: 'postgres',
    url: url.toString(),
    drop: () =>
      withClient(base, (client) => client.query(`drop schema if exists ${schema} cascade`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
