import type { FastifyInstance } from 'fastify';
import { serviceUrl } from '../services.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../src/shared/contracts/wizard-api.js';
import { listVisits } from '../../src/server/statistics/visit.repository.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { openSession, postRegistration, solvedCaptcha, testApp, validRegistration } from './helpers.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function limitedApp(env: Record<string, string>, clock?: () => number) {
  const app = await testApp(env, clock ? { clock } : {});
  apps.push(app);
  return app;
}

function captchaFrom(app: FastifyInstance, cookie: string, ip = '127.0.0.1', headers: Record<string, string> = {}) {
  return app.inject({ url: '/api/Register/GetCaptcha', remoteAddress: ip, headers: { cookie, ...headers } });
}

describe('rate limits', () => {
  it('GetCaptcha: the limit per minute, then 429 with Retry-After and a Persian message, per client', async () => {
    // The window is one minute from the client's first request, on the wall clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-03-01T08:00:10Z'));
    const app = await limitedApp({ RATE_LIMIT_CAPTCHA_PER_MINUTE: '3' });
    const { cookie } = await openSession(app);
    for (let i = 0; i < 3; i += 1) expect((await captchaFrom(app, cookie)).statusCode).toBe(200);
    vi.setSystemTime(Date.parse('2026-03-01T08:00:20Z'));
    const limited = await captchaFrom(app, cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: fa.errors.rate_limited } });
    expect(Number(limited.headers['retry-after'])).toBe(50);
    expect(limited.headers['cache-control']).toBe('no-store');
    // Another client is not affected...
    expect((await captchaFrom(app, cookie, '10.0.0.9')).statusCode).toBe(200);
    // ...and a minute after the first request the client starts afresh.
    vi.setSystemTime(Date.parse('2026-03-01T08:01:10Z'));
    expect((await captchaFrom(app, cookie)).statusCode).toBe(200);
  });

  it('Register/Pharmacy: counted separately from GetCaptcha', async () => {
    const app = await limitedApp({ RATE_LIMIT_REGISTRATION_PER_MINUTE: '2' });
    const session = await openSession(app);
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await postRegistration(app, session, validRegistration(await solvedCaptcha(app, session)))).statusCode,
      ).toBe(200);
    }
    const limited = await postRegistration(app, session, validRegistration(await solvedCaptcha(app, session)));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('Statistic/Register: limited per client, and a refused visit is not counted', async () => {
    const app = await limitedApp({ RATE_LIMIT_STATISTIC_PER_MINUTE: '2' });
    const visit = (ip: string) => app.inject({ url: `${apiPaths.statistic}?tier=1`, remoteAddress: ip });
    for (let i = 0; i < 2; i += 1) expect((await visit('127.0.0.1')).statusCode).toBe(204);
    const limited = await visit('127.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: fa.errors.rate_limited } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visit('10.0.0.9')).statusCode).toBe(204);
    // Each 204 is answered after its visit is stored: two from the first client, one from the other.
    const visits = await listVisits(app.database.db);
    expect(visits.reduce((sum, row) => sum + Number(row.count), 0)).toBe(3);
  });

  it('X-Forwarded-For is ignored unless TRUST_PROXY names the proxy', async () => {
    const direct = await limitedApp({ RATE_LIMIT_CAPTCHA_PER_MINUTE: '1' });
    const { cookie } = await openSession(direct);
    expect((await captchaFrom(direct, cookie, '127.0.0.1', { 'x-forwarded-for': '1.1.1.1' })).statusCode).toBe(200);
    expect((await captchaFrom(direct, cookie, '127.0.0.1', { 'x-forwarded-for': '2.2.2.2' })).statusCode).toBe(429);

    const proxied = await limitedApp({ RATE_LIMIT_CAPTCHA_PER_MINUTE: '1', TRUST_PROXY: '127.0.0.1' });
    const second = await openSession(proxied);
    expect((await captchaFrom(proxied, second.cookie, '127.0.0.1', { 'x-forwarded-for': '1.1.1.1' })).statusCode).toBe(
      200,
    );
    expect((await captchaFrom(proxied, second.cookie, '127.0.0.1', { 'x-forwarded-for': '2.2.2.2' })).statusCode).toBe(
      200,
    );
    expect((await captchaFrom(proxied, second.cookie, '127.0.0.1', { 'x-forwarded-for': '1.1.1.1' })).statusCode).toBe(
      429,
    );
    // A client that is not the trusted proxy cannot choose its address.
    expect((await captchaFrom(proxied, second.cookie, '10.9.9.9', { 'x-forwarded-for': '3.3.3.3' })).statusCode).toBe(
      200,
    );
    expect((await captchaFrom(proxied, second.cookie, '10.9.9.9', { 'x-forwarded-for': '4.4.4.4' })).statusCode).toBe(
      429,
    );
  });

  it('counts an IPv6 /64 as one client and an IPv4-mapped address as its IPv4', async () => {
    const app = await limitedApp({ RATE_LIMIT_CAPTCHA_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' });
    const { cookie } = await openSession(app);
    const from = (client: string) => captchaFrom(app, cookie, '127.0.0.1', { 'x-forwarded-for': client });
    expect((await from('2001:db8:5:6::1')).statusCode).toBe(200);
    expect((await from('2001:db8:5:6:ffff::2')).statusCode).toBe(200);
    expect((await from('2001:db8:5:6:1:2:3:4')).statusCode).toBe(429);
    expect((await from('2001:db8:5:7::1')).statusCode).toBe(200);
    expect((await from('192.0.2.44')).statusCode).toBe(200);
    expect((await from('::ffff:192.0.2.44')).statusCode).toBe(200);
    expect((await from('192.0.2.44')).statusCode).toBe(429);
  });

  it('fails open: while Redis cannot be reached, requests pass unlimited', async () => {
    // Nothing listens on port 1, so every counter call fails at once.
    const app = await limitedApp({ RATE_LIMIT_CAPTCHA_PER_MINUTE: '1', REDIS_URL: 'redis://127.0.0.1:1' });
    const { cookie } = await openSession(app);
    for (let i = 0; i < 3; i += 1) expect((await captchaFrom(app, cookie)).statusCode).toBe(200);
  });

  const redisUrl = serviceUrl('TEST_REDIS_URL', 'The shared rate-limit test');
  it.skipIf(!redisUrl)('with REDIS_URL two processes share one limit', async () => {
    const env = { RATE_LIMIT_CAPTCHA_PER_MINUTE: '2', REDIS_URL: redisUrl ?? '' };
    // A client address of this test run only, so earlier runs' counters do not interfere.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    // One fixed moment for both, so the test never straddles a minute boundary.
    const moment = Math.floor(Date.now() / 60_000) * 60_000 + 1000;
    const one = await limitedApp(env, () => moment);
    const two = await limitedApp(env, () => moment);
    const { cookie } = await openSession(one);
    expect((await captchaFrom(one, cookie, ip)).statusCode).toBe(200);
    expect((await captchaFrom(two, cookie, ip)).statusCode).toBe(200);
    expect((await captchaFrom(one, cookie, ip)).statusCode).toBe(429);
    expect((await captchaFrom(two, cookie, ip)).statusCode).toBe(429);
  });
});
