import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { serviceUrl } from '../services.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fa } from '../../src/shared/text/strings.fa.js';
import {
  openSession,
  postgresSchema,
  postRegistration,
  solvedCaptcha,
  testApp,
  validRegistration,
  type DatabaseTarget,
} from './helpers.js';

/** A TCP relay in front of PostgreSQL that the test can cut and restore, as if the database stopped. */
class Relay {
  #server?: Server;
  readonly #sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.#server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }
}

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'The PostgreSQL outage test');

describe.skipIf(!databaseUrl)('PostgreSQL outage', () => {
  let target: DatabaseTarget;
  let relay: Relay;
  let app: FastifyInstance;
  beforeAll(async () => {
    target = await postgresSchema(databaseUrl ?? '');
    const url = new URL(target.url);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.start();
    url.host = `127.0.0.1:${relay.port}`;
    app = await testApp({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await app.close();
    await relay.stop();
    await target.drop();
  });

  it('answers 503 unavailable in Persian while the database is down, and recovers by itself', async () => {
    const session = await openSession(app);
    const pending = validRegistration(await solvedCaptcha(app, session));
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await relay.stop();
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ error: { code: 'unavailable', message: fa.errors.unavailable } });
    const registration = await postRegistration(app, session, pending);
    expect(registration.statusCode).toBe(503);
    expect(registration.json()).toEqual({ error: { code: 'unavailable', message: fa.errors.unavailable } });
    expect(registration.body).not.toMatch(/ECONN|127\.0\.0\.1|postgres|stack/i);
    expect(
      (await app.inject({ url: '/api/Register/GetCaptcha', headers: { cookie: session.cookie } })).statusCode,
    ).toBe(503);

    await relay.start();
    await expect.poll(async () => (await app.inject({ url: '/api/health' })).statusCode, { timeout: 10_000 }).toBe(200);
    // The captcha was not spent by the failed attempt's rolled-back transaction.
    expect((await postRegistration(app, session, pending)).statusCode).toBe(200);
  });
});
