/**
 * Outage: the database goes away during traffic. The machine's PostgreSQL is never stopped
 * (other suites use it): the server reaches it through a TCP proxy of this test, which is cut
 * (every connection destroyed, new ones refused) and later reopened on the same port.
 * Expect: 503 `unavailable` with a Persian message while it is away, /api/health 503, the process
 * alive, and service back by itself within a bounded time, with nothing acknowledged lost.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, registrationRows, type TestDatabase } from './harness/db.js';
import { testDatabaseUrl } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { errorBodyProblem, errorCode, rawRequest } from './harness/http.js';
import { attemptResponse, runLoad } from './harness/load.js';
import { TcpProxy } from './harness/proxy.js';
import { reconcile } from './harness/reconcile.js';
import { ServerProcess, sleep, stopAllServers } from './harness/server.js';

const OUTAGE_MS = 5000;
const GRACE_MS = 700;
const RECOVERY_BOUND_S = 30;
/** How long the silent-network test waits for answers before it heals the network. */
const STALL_MS = 7_000;

describe.skipIf(!testDatabaseUrl)('database outage (postgres)', () => {
  let db: TestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await db?.drop();
    await stopAllServers();
  });

  it('503 unavailable while PostgreSQL is unreachable, health 503, process alive, back by itself', async () => {
    db = await createDatabase('postgres', 'outage');
    proxy = new TcpProxy(db.host ?? '127.0.0.1', db.port ?? 5432);
    await proxy.start();
    const url = new URL(db.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    server = await ServerProcess.start({ databaseUrl: url.toString(), label: 'outage/postgres' });
    const port = server.port;

    let done = false;
    let acknowledged = 0;
    const load = runLoad({
      port,
      total: 1_000_000,
      concurrency: 10,
      seed: 31,
      stop: () => done,
      onAttempt: (attempt) => {
        if (attempt.status === 200) acknowledged += 1;
      },
      backoffMs: 50,
      timeoutMs: 15_000,
    });
    const deadline = Date.now() + 20_000;
    while (acknowledged < 50 && Date.now() < deadline) await sleep(20);
    expect(acknowledged, 'traffic flows before the outage').toBeGreaterThanOrEqual(50);

    const cutAt = Date.now();
    await proxy.cut();
    const healthDuring: number[] = [];
    while (Date.now() - cutAt < OUTAGE_MS) {
      const health = await rawRequest({ port, method: 'GET', path: '/api/health', timeoutMs: 5000, agent: false });
      if (Date.now() - cutAt > GRACE_MS) healthDuring.push(health.status);
      await sleep(250);
    }
    const aliveDuring = server.alive;
    const reopenAt = Date.now();
    await proxy.reopen();

    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - reopenAt < RECOVERY_BOUND_S * 1000) {
      const health = await rawRequest({
        port,
        method: 'GET',
        path: '/api/health',
        timeoutMs: 5000,
        agent: false,
      }).catch(() => undefined);
      if (health?.status === 200) recoveredAt = Date.now();
      else await sleep(100);
    }
    const ackAtRecovery = acknowledged;
    const registrationDeadline = Date.now() + RECOVERY_BOUND_S * 1000;
    while (acknowledged < ackAtRecovery + 20 && Date.now() < registrationDeadline) await sleep(20);
    done = true;
    const attempts = await load;

    const during = attempts.filter((a) => a.at > cutAt + GRACE_MS && a.at < reopenAt);
    const after = attempts.filter((a) => a.at > (recoveredAt || reopenAt));
    const unavailable = during.filter(
      (a) =>
        a.status === 503 &&
        errorCode(attemptResponse(a)) === 'unavailable' &&
        errorBodyProblem(attemptResponse(a)) === undefined,
    );
    const others = during.filter((a) => !unavailable.includes(a));
    const rows = await registrationRows(db);
    const result = reconcile(attempts, rows);
    const recoverySeconds = recoveredAt ? (recoveredAt - reopenAt) / 1000 : Infinity;

    recordFigure('postgres', 'outage: requests during outage', during.length);
    recordFigure('postgres', 'outage: 503 unavailable', unavailable.length);
    recordFigure('postgres', 'outage: other answers during outage', others.length);
    recordFigure('postgres', 'outage: health during outage', [...new Set(healthDuring)].join(' '));
    recordFigure('postgres', 'outage: recovery seconds', recoveredAt ? recoverySeconds.toFixed(2) : 'never');
    recordFigure('postgres', 'outage: rows lost', result.lost.length);
    console.log(
      `[outage] ${during.length} answers during the outage (${unavailable.length} 503 unavailable); health during: ${healthDuring.join(',')}; ` +
        `recovered ${recoverySeconds} s after reopening; ${after.filter((a) => a.status === 200).length} registrations after`,
    );

    expect(aliveDuring, server.tail()).toBe(true);
    expect(server.alive, server.tail()).toBe(true);
    expect(during.length, 'requests were answered during the outage').toBeGreaterThan(0);
    const example = others.slice(0, 5).map((a) => `${a.stage} ${a.status} ${a.error ?? a.body?.slice(0, 120)}`);
    expect(others.length, `answers other than 503 unavailable during the outage: ${example.join(' | ')}`).toBe(0);
    expect(healthDuring.length).toBeGreaterThan(0);
    expect(
      healthDuring.every((status) => status === 503),
      `health during the outage: ${healthDuring.join(',')}`,
    ).toBe(true);
    expect(recoverySeconds, 'health back to 200 after the database returned').toBeLessThanOrEqual(RECOVERY_BOUND_S);
    expect(after.filter((a) => a.status === 200).length, 'registrations succeed again').toBeGreaterThanOrEqual(20);
    expect(result.lost.length, 'acknowledged registrations missing').toBe(0);
    expect(result.duplicates).toEqual([]);
  });

  /**
   * A silent network (partition, paused VM, dropped packets) instead of a refused one: connections
   * stay open and nothing answers. A manager must still get an answer in bounded time: the pool's
   * query timeout (POSTGRES_QUERY_TIMEOUT_MS) turns the stall into 503 unavailable.
   */
  it('a silent database (black-holed network): every request answered within 10 s, 503 unavailable', async () => {
    const stallDb = await createDatabase('postgres', 'stall');
    const stallProxy = new TcpProxy(stallDb.host ?? '127.0.0.1', stallDb.port ?? 5432);
    await stallProxy.start();
    const url = new URL(stallDb.url);
    url.hostname = '127.0.0.1';
    url.port = String(stallProxy.port);
    const stallServer = await ServerProcess.start({ databaseUrl: url.toString(), label: 'stall/postgres' });
    try {
      const { ApiClient } = await import('./harness/http.js');
      const { seededRandom, validRegistration } = await import('./harness/data.js');
      const random = seededRandom(41);
      const clients = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const client = new ApiClient(stallServer.port, { timeoutMs: STALL_MS + 5000 });
          await client.start();
          return client;
        }),
      );
      // Warm the pool: one registration per client, then each gets a captcha for the stall.
      for (const client of clients)
        expect((await client.register(validRegistration(random, await client.solvedCaptcha()))).status).toBe(200);
      const captchas = await Promise.all(clients.map((client) => client.solvedCaptcha()));
      stallProxy.stall();
      const stalledAt = Date.now();
      const answers = await Promise.all([
        ...clients.map((client, i) =>
          client.register(validRegistration(random, captchas[i])).then(
            (response) => ({
              what: 'register',
              status: response.status,
              code: errorCode(response),
              ms: Date.now() - stalledAt,
            }),
            () => ({ what: 'register', status: 0, code: 'no answer', ms: Date.now() - stalledAt }),
          ),
        ),
        rawRequest({ port: stallServer.port, method: 'GET', path: '/api/health', timeoutMs: STALL_MS + 5000 }).then(
          (response) => ({
            what: 'health',
            status: response.status,
            code: errorCode(response),
            ms: Date.now() - stalledAt,
          }),
        ),
      ]);
      await stallProxy.cut();
      await stallProxy.reopen();
      const registrations = answers.filter((a) => a.what === 'register');
      const inTime = registrations.filter((a) => a.status === 503 && a.ms <= 10_000).length;
      const health = answers.find((a) => a.what === 'health');
      recordFigure('postgres', 'stall: registrations answered within 10 s', `${inTime}/${registrations.length}`);
      recordFigure(
        'postgres',
        'stall: health answered 503 within',
        health ? `${(health.ms / 1000).toFixed(1)} s (${health.status})` : 'no answer',
      );
      console.log(
        `[stall] answers during a silent database: ${answers.map((a) => `${a.what} ${a.status} ${a.code ?? ''} ${a.ms} ms`).join('; ')}`,
      );
      expect(stallServer.alive).toBe(true);
      for (const answer of answers) {
        expect(answer, 'answered within 10 s with 503 unavailable').toMatchObject({ status: 503, code: 'unavailable' });
        expect(answer.ms).toBeLessThanOrEqual(10_000);
      }
    } finally {
      await stallServer.stop();
      await stallProxy.close();
      await stallDb.drop();
    }
  });
});
