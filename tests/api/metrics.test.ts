import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spendAddressLookup } from '../../src/server/address/address-budget.js';
import { smsCodesHourKey } from '../../src/server/mobile-code/mobile-code.service.js';
import { followupPaths } from '../../src/shared/contracts/followup.js';
import { solveCodeProof } from '../fixtures/code-proof.js';
import { verifiedDefinition } from '../fixtures/verified-definition.js';
import type { CodeProofChallenge } from '../../src/shared/contracts/followup.schemas.js';
import {
  databaseTargets,
  fetchCaptcha,
  openSession,
  postRegistration,
  solvedCaptcha,
  testApp,
  validRegistration,
  type DatabaseTarget,
  wrongAnswer,
  type Session,
} from './helpers.js';
import { postJson, testClock } from './followup-helpers.js';
import { scrape, scrapeText, seriesOf, valueOf } from './metrics-helpers.js';
import { addStaffAccount } from './staff-account.js';

// A database per describe block: each drops its own at the end.
const targets = await databaseTargets();
const codeTargets = await databaseTargets();
const tokenTargets = await databaseTargets();
const slowTargets = (await databaseTargets()).filter((target) => target.name === 'postgres');
const schemasDir = verifiedDefinition();
const MINUTE = 60_000;
const TOKEN = 'metrics-token-for-the-tests-0123456789';

afterAll(() => rmSync(schemasDir, { recursive: true, force: true }));

async function sendCode(app: FastifyInstance, session: Session, mobileNumber: string) {
  const challenge = await app.inject({ url: followupPaths.mobileCodeChallenge, headers: { cookie: session.cookie } });
  const proof = await solveCodeProof(challenge.json<CodeProofChallenge>());
  return postJson(app, session, followupPaths.mobileCode, { mobileNumber, proof });
}

describe.each(targets)('Prometheus metrics on $name', (target: DatabaseTarget) => {
  const clock = testClock();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await testApp(
      {
        DATABASE_URL: target.url,
        METRICS_PORT: '0',
      },
      { clock: clock.now },
    );
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('serves the metrics on their own loopback listener, and the public port answers 404 for /metrics', async () => {
    const response = await scrape(app);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'pharmacy_ready',
    ])
      expect(valueOf(text, name), name).toBeDefined();
    expect(valueOf(text, 'pharmacy_definition_live_info', { version: app.definitions.live().version })).toBe(1);
    expect(app.config.metrics.host).toBe('127.0.0.1');

    const elsewhere = await fetch(`http://127.0.0.1:${app.metricsPort()}/api/health`);
    expect(elsewhere.status).toBe(404);
    for (const method of ['GET', 'HEAD'] as const) {
      const publicPort = await app.inject({ method, url: '/metrics' });
      expect(publicPort.statusCode).toBe(404);
      if (method === 'GET') expect(publicPort.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    // Through a real socket as well: the public listener is the app's own server.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics?format=text`)).status).toBe(404);
  });

  it('counts registrations stored (a replay once) and refused by code, by route template and status class', async () => {
    const before = await scrapeText(app);
    const stored = valueOf(before, 'pharmacy_registrations_stored_total') ?? 0;
    const session = await openSession(app);
    const key = randomUUID();
    const body = validRegistration(await solvedCaptcha(app, session));
    expect((await postRegistration(app, session, body, { 'idempotency-key': key })).statusCode).toBe(200);
    expect((await postRegistration(app, session, body, { 'idempotency-key': key })).statusCode).toBe(200);
    const captcha = await fetchCaptcha(app, session);
    const wrongCaptcha = validRegistration({ id: captcha.id, validOptionIndex: wrongAnswer(captcha) });
    expect((await postRegistration(app, session, wrongCaptcha)).statusCode).toBe(400);
    expect((await postRegistration(app, session, '{"not json')).statusCode).toBe(400);
    expect((await postRegistration(app, { ...session, token: 'forged' }, body)).statusCode).toBe(403);

    const after = await scrapeText(app);
    expect(valueOf(after, 'pharmacy_registrations_stored_total')).toBe(stored + 1);
    const refused = (code: string) => valueOf(after, 'pharmacy_registrations_refused_total', { code });
    expect(refused('captcha_invalid')).toBe(1);
    expect(refused('bad_json')).toBe(1);
    expect(refused('csrf')).toBe(1);
    const route = { method: 'POST', route: '/api/Register/Pharmacy', le: '+Inf' };
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...route, status_class: '2xx' })).toBe(2);
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...route, status_class: '4xx' })).toBe(3);
  });

  it('reads what the outboxes owe, since when, and the endpoints disabled or failing, from the database', async () => {
    const db = app.database.db;
    const now = clock.now();
    const later = now + 24 * 60 * MINUTE;
    const text0 = await scrapeText(app);
    const smsOwed = valueOf(text0, 'pharmacy_outbox_waiting_messages', { outbox: 'sms' }) ?? 0;
    await db
      .insertInto('sms_outbox')
      .values([
        {
          kind: 'receipt',
          receptor: '09120000001',
          status: 'waiting',
          next_attempt_at: later,
          created_at: now - 11 * MINUTE,
        },
        {
          kind: 'receipt',
          receptor: '09120000002',
          status: 'waiting',
          next_attempt_at: later,
          created_at: now - MINUTE,
        },
        {
          kind: 'receipt',
          receptor: '09120000003',
          status: 'sent',
          next_attempt_at: now,
          created_at: now - 60 * MINUTE,
        },
      ])
      .execute();
    const endpoint = (enabled: number, reason: 'gone' | 'failing' | null, failingSince: number | null) => ({
      url: 'https://receiver.example.ir/hook',
      description: 'test',
      events: '["registration.created"]',
      secret: 'x',
      headers: null,
      header_names: '[]',
      enabled,
      disabled_reason: reason,
      failing_since: failingSince,
      created_at: now,
    });
    const [failing] = await db
      .insertInto('webhook_endpoints')
      .values([endpoint(1, null, now - 20 * MINUTE), endpoint(0, 'gone', null), endpoint(0, null, null)])
      .returning('id')
      .execute();
    await db
      .insertInto('webhook_messages')
      .values({
        endpoint_id: failing.id,
        webhook_id: 'msg_test',
        event: 'registration.created',
        payload: '{}',
        status: 'waiting',
        next_attempt_at: later,
        created_at: now - 3 * MINUTE,
      })
      .execute();

    const text = await scrapeText(app);
    expect(valueOf(text, 'pharmacy_outbox_waiting_messages', { outbox: 'sms' })).toBe(smsOwed + 2);
    expect(valueOf(text, 'pharmacy_outbox_oldest_waiting_age_seconds', { outbox: 'sms' })).toBe(11 * 60);
    expect(valueOf(text, 'pharmacy_outbox_waiting_messages', { outbox: 'webhook' })).toBe(1);
    expect(valueOf(text, 'pharmacy_outbox_oldest_waiting_age_seconds', { outbox: 'webhook' })).toBe(3 * 60);
    expect(valueOf(text, 'pharmacy_webhook_endpoints_disabled', { reason: 'gone' })).toBe(1);
    expect(valueOf(text, 'pharmacy_webhook_endpoints_disabled', { reason: 'by_admin' })).toBe(1);
    expect(valueOf(text, 'pharmacy_webhook_endpoints_disabled', { reason: 'failing' })).toBe(0);
    expect(valueOf(text, 'pharmacy_webhook_failing_duration_seconds')).toBe(20 * 60);
    expect(valueOf(text, 'pharmacy_metrics_database_up')).toBe(1);

    // The age grows with the clock, read afresh at each scrape.
    clock.advance(MINUTE);
    const later1 = await scrapeText(app);
    expect(valueOf(later1, 'pharmacy_outbox_oldest_waiting_age_seconds', { outbox: 'sms' })).toBe(12 * 60);
  });

  it('asks the database one statement per scrape: its answer stands for the readiness ping', async () => {
    const ping = vi.spyOn(app.database, 'ping');
    try {
      for (let scrapeCount = 0; scrapeCount < 2; scrapeCount += 1) {
        const text = await scrapeText(app);
        expect(valueOf(text, 'pharmacy_metrics_database_up')).toBe(1);
        expect(valueOf(text, 'pharmacy_ready')).toBe(1);
      }
      expect(ping).not.toHaveBeenCalled();
    } finally {
      ping.mockRestore();
    }
  });

  it('counts a lockout by the kind of its key, never the key itself', async () => {
    const email = 'locked-out@example.ir';
    await addStaffAccount(app.database.db, email, 'agent', 'a long enough password', 0);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const session = await openSession(app);
      await postJson(app, session, '/api/staff/session', { email, password: 'not the password' }, '10.9.0.1');
    }
    const text = await scrapeText(app);
    expect(valueOf(text, 'pharmacy_throttle_lockouts_total', { kind: 'account' })).toBe(1);
    expect(text).not.toContain(email);
    expect(text).not.toContain('10.9.0.1');
  });

  it('adds no series for 1,000 requests to distinct unknown URLs, and no label holds a URL or personal data', async () => {
    const session = await openSession(app);
    const body = validRegistration(await solvedCaptcha(app, session));
    const registered = await postRegistration(app, session, body);
    expect(registered.statusCode).toBe(200);
    const { trackingCode } = registered.json<{ trackingCode: string }>();
    const { mobileNumber, nationalCode } = body.adminData as { mobileNumber: string; nationalCode: string };
    // One of each kind first: the first unknown page and unknown API path may each add their series.
    await app.inject({ url: '/no-such-page-first' });
    await app.inject({ url: '/api/no-such-path-first' });
    await app.inject({ method: 'POST', url: '/api/no-such-path-first', headers: { cookie: session.cookie } });
    const before = seriesOf(await scrapeText(app));
    for (let index = 0; index < 1000; index += 1) {
      const url = index % 2 === 0 ? `/no-such-page-${index}/${randomUUID()}` : `/api/no-such-path-${index}?x=${index}`;
      await app.inject({ method: index % 3 === 0 ? 'POST' : 'GET', url, headers: { cookie: session.cookie } });
    }
    const text = await scrapeText(app);
    // The app's series; the process's own (GC kinds, handle types) come and go with the process, and
    // the outbox workers' (a fixed set: outbox × outcome) appear when the registration above is
    // delivered, which on a slow machine falls inside this loop.
    const added = [...seriesOf(text)].filter(
      (series) => !before.has(series) && !series.startsWith('nodejs_') && !series.startsWith('pharmacy_outbox_'),
    );
    expect(added).toEqual([]);
    expect(text).not.toContain('no-such');
    expect(
      valueOf(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_class: '2xx',
      }),
    ).toBeGreaterThan(300);
    for (const personal of [trackingCode, mobileNumber, nationalCode, 'receiver.example.ir'])
      expect(text).not.toContain(personal);
  });
});

describe.each(codeTargets)('the one-time codes in the metrics on $name', (target: DatabaseTarget) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(
      {
        DATABASE_URL: target.url,
        METRICS_PORT: '0',
        SCHEMAS_DIR: schemasDir,
        SMS_CODE_PROOF_DIFFICULTY: '1',
        RATE_LIMIT_MOBILE_CODE_PER_MINUTE: '100000',
        SMS_CODES_PER_HOUR: '40',
        ADDRESS_LOOKUPS_PER_HOUR: '25',
      },
      { clock: clock.now },
    );
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('counts codes sent and reads the hourly SMS budget spent against its cap', async () => {
    const session = await openSession(app);
    for (const mobileNumber of ['09121110001', '09121110002', '09121110003'])
      expect((await sendCode(app, session, mobileNumber)).statusCode).toBe(200);
    const text = await scrapeText(app);
    expect(valueOf(text, 'pharmacy_sms_codes_sent_total')).toBe(3);
    expect(valueOf(text, 'pharmacy_hourly_budget_spent', { budget: 'sms_codes' })).toBe(3);
    expect(valueOf(text, 'pharmacy_hourly_budget_limit', { budget: 'sms_codes' })).toBe(40);
    // The next clock hour starts from nothing.
    const nextHour = await app.database.db
      .selectFrom('throttle')
      .select('failures')
      .where('key', '=', smsCodesHourKey(clock.now() + 3_600_000))
      .executeTakeFirst();
    expect(nextHour).toBeUndefined();
  });

  it('reads the hourly address lookups spent against ADDRESS_LOOKUPS_PER_HOUR, the next hour from nothing', async () => {
    const limits = { perHour: app.config.mapService.lookupsPerHour, perDay: app.config.mapService.lookupsPerDay };
    for (let lookup = 0; lookup < 4; lookup += 1) await spendAddressLookup(app.database, clock.now(), limits);
    const text = await scrapeText(app);
    expect(valueOf(text, 'pharmacy_hourly_budget_spent', { budget: 'address_lookups' })).toBe(4);
    expect(valueOf(text, 'pharmacy_hourly_budget_limit', { budget: 'address_lookups' })).toBe(25);
    expect(valueOf(text, 'pharmacy_hourly_budget_spent', { budget: 'sms_codes' })).toBe(3);

    clock.advance(3_600_000);
    const nextHour = await scrapeText(app);
    expect(valueOf(nextHour, 'pharmacy_hourly_budget_spent', { budget: 'address_lookups' })).toBe(0);
    expect(valueOf(nextHour, 'pharmacy_hourly_budget_spent', { budget: 'sms_codes' })).toBe(0);
  });
});

describe.each(tokenTargets)('the metrics token on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url, METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('serves /metrics on the public port to a bearer of METRICS_TOKEN only, and asks the listener for it too', async () => {
    const publicScrape = (authorization?: string) =>
      app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const refused = await publicScrape(authorization);
      expect(refused.statusCode, String(authorization)).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    const served = await publicScrape(`Bearer ${TOKEN}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(valueOf(served.body, 'pharmacy_ready')).toBe(1);

    expect((await scrape(app)).status).toBe(403);
    expect((await scrape(app, 'wrong')).status).toBe(403);
    expect((await scrape(app, TOKEN)).status).toBe(200);
  });
});

// SQLite reads run synchronously on the server's thread: no timer can cut one short, so the bound
// is for PostgreSQL, whose reads wait on the network and on other sessions' locks.
describe.each(slowTargets)('a slow database at scrape time on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url, METRICS_PORT: '0', METRICS_QUERY_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('leaves the figures kept in the database out after METRICS_QUERY_TIMEOUT_MS and serves the rest', async () => {
    const locker = new pg.Client({ connectionString: target.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table sms_outbox in access exclusive mode');
      const text = await scrapeText(app);
      expect(valueOf(text, 'pharmacy_metrics_database_up')).toBe(0);
      // Without the statement's answer readiness pings, and the database answers a ping.
      expect(valueOf(text, 'pharmacy_ready')).toBe(1);
      expect(valueOf(text, 'pharmacy_outbox_waiting_messages', { outbox: 'sms' })).toBeUndefined();
      expect(valueOf(text, 'pharmacy_hourly_budget_spent', { budget: 'sms_codes' })).toBeUndefined();
      expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(valueOf(text, 'pharmacy_definition_live_info', { version: app.definitions.live().version })).toBe(1);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    await expect
      .poll(async () => valueOf(await scrapeText(app), 'pharmacy_metrics_database_up'), { timeout: 10_000 })
      .toBe(1);
  });
});
