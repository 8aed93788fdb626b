import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { integrationPaths } from '../../src/shared/contracts/integrations.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { serviceUrl } from '../services.js';
import { webhookReceiver } from '../fixtures/webhook-receiver.js';
import { databaseTargets, registerOnce, testApp, type DatabaseTarget } from './helpers.js';
import { staffSession, testClock } from './followup-helpers.js';
import { MIGRATIONS_RECHECK_MS } from '../../src/server/metrics/readiness.js';
import { scrapeText, valueOf } from './metrics-helpers.js';

// A database per describe block: each drops its own at the end.
const targets = await databaseTargets();
const logTargets = await databaseTargets();
const redisUrl = serviceUrl('TEST_REDIS_URL', 'The readiness check of a configured Redis');

const unavailable = { code: 'unavailable', message: fa.errors.unavailable };

describe.each(targets)('liveness and readiness on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  const clock = testClock();
  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url }, { clock: clock.now });
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });
  const ready = () => app.inject({ url: '/api/health/ready' });

  it('is ready when the database answers, its migrations are current and the live version is loaded', async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with migrations_pending, then migrations_unknown, as the schema and the release disagree', async () => {
    const db = app.database.db;
    const [row] = (
      await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration where name = '020_outbox_age'`.execute(db)
    ).rows;
    // The migrations are read again once their last read is MIGRATIONS_RECHECK_MS old.
    const afterRecheck = () => {
      clock.advance(MIGRATIONS_RECHECK_MS);
      return ready();
    };
    expect((await ready()).statusCode).toBe(200);
    await sql`delete from kysely_migration where name = '020_outbox_age'`.execute(db);
    try {
      expect((await ready()).statusCode, 'the last read still stands').toBe(200);
      const behind = await afterRecheck();
      expect(behind.statusCode).toBe(503);
      expect(behind.headers['retry-after']).toBe('5');
      expect(behind.json()).toEqual({ error: unavailable, reasons: ['migrations_pending'] });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(db);
    }
    await sql`insert into kysely_migration (name, timestamp) values ('999_a_newer_release', ${row.timestamp})`.execute(
      db,
    );
    try {
      expect((await afterRecheck()).json()).toEqual({ error: unavailable, reasons: ['migrations_unknown'] });
    } finally {
      await sql`delete from kysely_migration where name = '999_a_newer_release'`.execute(db);
    }
    expect((await afterRecheck()).statusCode).toBe(200);
  });

  it('asks the database one thing per probe: the migrations when their read is due, else a ping', async () => {
    clock.advance(MIGRATIONS_RECHECK_MS);
    const ping = vi.spyOn(app.database, 'ping');
    try {
      expect((await ready()).statusCode).toBe(200);
      expect(ping, 'the migrations read answers for the database').not.toHaveBeenCalled();
      for (let probe = 0; probe < 2; probe += 1) expect((await ready()).statusCode).toBe(200);
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      ping.mockRestore();
    }
  });

  it('answers 503 definition_not_loaded while the live version has no artifacts', async () => {
    const spy = vi.spyOn(app.definitionArtifacts, 'ready').mockReturnValue(undefined);
    try {
      expect((await ready()).json()).toEqual({ error: unavailable, reasons: ['definition_not_loaded'] });
    } finally {
      spy.mockRestore();
    }
  });

  it('turns not ready first when the process begins to stop, while liveness and requests still answer', async () => {
    app.readiness.beginStopping();
    expect((await ready()).json()).toEqual({ error: unavailable, reasons: ['stopping'] });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/Register/Config' })).statusCode).toBe(200);
  });

  it('answers 503 database_unavailable when the database does not answer', async () => {
    const broken = await testApp({ DATABASE_URL: target.name === 'sqlite' ? 'sqlite::memory:' : target.url });
    await broken.database.close();
    try {
      const response = await broken.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: unavailable, reasons: ['database_unavailable'] });
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('readiness with REDIS_URL', () => {
  it('answers 503 redis_unavailable while the configured Redis does not answer', async () => {
    // Nothing listens on port 1 of loopback: the connection is refused at once.
    const app = await testApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await app.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: unavailable, reasons: ['redis_unavailable'] });
    } finally {
      await app.close();
    }
  });

  it.runIf(redisUrl)('is ready while it does', async () => {
    const app = await testApp({ REDIS_URL: redisUrl });
    try {
      await expect.poll(async () => (await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('under pressure', () => {
  it('answers 503 with Retry-After past the heap bound, while liveness and the metrics still answer', async () => {
    const app = await testApp({ PRESSURE_MAX_HEAP_USED_MB: '1', METRICS_PORT: '0' });
    try {
      // Sampled every second, and not held against the requests of the first two seconds.
      await expect
        .poll(async () => (await app.inject({ url: '/api/Register/Config' })).statusCode, { timeout: 10_000 })
        .toBe(503);
      const refused = await app.inject({ url: '/api/Register/Locations' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ error: unavailable });
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const text = await scrapeText(app);
      expect(valueOf(text, 'pharmacy_under_pressure_refusals_total', { reason: 'heap_used' })).toBeGreaterThanOrEqual(
        3,
      );
    } finally {
      await app.close();
    }
  });

  it('answers 503 past the event loop delay bound, and serves again once the loop is free', async () => {
    const app = await testApp({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '100' });
    const blockFor = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    try {
      await expect
        .poll(
          async () => {
            // Longer than a sample: the library reads the mean delay of each second, which a short block barely moves.
            blockFor(1_200);
            return (await app.inject({ url: '/api/Register/Config' })).statusCode;
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBe(503);
      await expect
        .poll(async () => (await app.inject({ url: '/api/Register/Config' })).statusCode, { timeout: 10_000 })
        .toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe.each(logTargets)('request ids and delivery lines on $name', (target: DatabaseTarget) => {
  const lines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(
      { DATABASE_URL: target.url, WEBHOOK_ALLOW_PRIVATE: 'true', METRICS_PORT: '0' },
      { logger: { stream: { write: (line) => void lines.push(line) }, level: 'info' } },
    );
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLine = (url: string) =>
    entries().findLast((entry) => entry.msg === 'request completed' && entry.url === url);

  it('keeps a well-formed X-Request-Id in the request line and replaces any other with a fresh id', async () => {
    const kept = ['0123456789abcdef0123456789abcdef', '3f2c7a52-9d1e-4b8e-a7a0-6d3b1e2f4c5d'];
    for (const id of kept) {
      await app.inject({ url: `/api/health?for=${id}`, headers: { 'x-request-id': id } });
      expect(requestLine('/api/health')?.reqId).toBe(id);
    }
    for (const id of ['short', 'x'.repeat(65), 'has spaces in it', '09121234567;drop', '<script>alert(1)</script>']) {
      await app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
      const reqId = String(requestLine('/api/health')?.reqId);
      expect(reqId).not.toBe(id);
      expect(reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    const without = [await app.inject({ url: '/api/health' }), await app.inject({ url: '/api/health' })];
    expect(without).toHaveLength(2);
    const [first, second] = entries()
      .filter((entry) => entry.msg === 'request completed')
      .slice(-2)
      .map((entry) => entry.reqId);
    expect(first).not.toBe(second);
  });

  it('writes one info line per delivery with its id and outcome, and no number, text or address', async () => {
    const receiver = await webhookReceiver();
    try {
      const admin = await staffSession(app, 'admin');
      const created = await app.inject({
        method: 'POST',
        url: integrationPaths.webhooks,
        headers: { cookie: admin.cookie, 'x-xsrf-token': admin.token, 'content-type': 'application/json' },
        payload: JSON.stringify({ url: receiver.url, description: 'گیرنده', events: ['registration.created'] }),
      });
      expect(created.statusCode, created.body).toBe(201);
      receiver.answer({ status: 503 });
      const registered = await registerOnce(app);
      expect(registered.statusCode).toBe(200);
      const { trackingCode } = registered.json<{ trackingCode: string }>();
      await app.sms.worker.runOnce();
      await app.webhooks.worker.runOnce();
      const deliveries = entries().filter((entry) => String(entry.msg).endsWith('delivery settled'));
      const sms = deliveries.find((entry) => entry.msg === 'SMS delivery settled');
      expect(sms).toMatchObject({ level: 30, outcome: 'delivered', sms: { kind: 'receipt' } });
      expect(typeof (sms?.sms as { id: unknown }).id).toBe('number');
      const webhook = deliveries.find((entry) => entry.msg === 'Webhook delivery settled');
      expect(webhook).toMatchObject({ level: 30, outcome: 'retry', webhook: { attempt: 1, status: 503 } });
      expect(typeof (webhook?.webhook as { message: unknown }).message).toBe('number');
      const [{ receptor }] = await app.database.db.selectFrom('sms_outbox').select('receptor').execute();
      const text = JSON.stringify(deliveries);
      for (const secret of [trackingCode, receptor, receiver.url]) expect(text).not.toContain(secret);

      const metrics = await scrapeText(app);
      expect(valueOf(metrics, 'pharmacy_outbox_deliveries_total', { outbox: 'sms', outcome: 'delivered' })).toBe(1);
      expect(valueOf(metrics, 'pharmacy_outbox_deliveries_total', { outbox: 'webhook', outcome: 'retry' })).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('the probes in the API document', () => {
  it('describes liveness, readiness (with its reasons) and the token-guarded metrics', async () => {
    const app = await testApp();
    try {
      type Operation = { summary: string; security?: unknown; responses: Record<string, unknown> };
      const document = (await app.inject({ url: '/api/openapi.json' })).json<{
        paths: Record<string, { get: Operation }>;
        components: { securitySchemes: Record<string, unknown> };
      }>();
      expect(document.paths['/api/health'].get.summary).toBe('Liveness');
      const readiness = document.paths['/api/health/ready'].get;
      expect(readiness.summary).toBe('Readiness');
      expect(Object.keys(readiness.responses)).toEqual(expect.arrayContaining(['200', '503']));
      expect(JSON.stringify(readiness.responses['503'])).toContain('migrations_pending');
      expect(document.paths['/metrics'].get.security).toEqual([{ metricsToken: [] }]);
      expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    } finally {
      await app.close();
    }
  });
});
