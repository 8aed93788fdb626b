import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileSource } from '../../src/server/plugins/security-headers.js';
import { openSession, postRegistration, testApp } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('security headers', () => {
  it.each(['/api/health', '/api/nothing', '/welcome', '/api/Utility/Locations'])('%s carries the full set', async (url) => {
    const headers = (await app.inject({ url })).headers;
    const csp = headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('errors of POST carry them too, and are never cached', async () => {
    const session = await openSession(app);
    const response = await postRegistration(app, session, '{bad');
    expect(response.headers['content-security-policy']).toBeTruthy();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('HSTS in production only', async () => {
    const production = await testApp({ NODE_ENV: 'production' });
    try {
      expect((await production.inject({ url: '/api/health' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await production.close();
    }
  });

  it('allows the tile server for images only', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.com/{z}/{x}/{y}.png?key=1')).toBe('https://*.tile.example.com');
    expect(contentSecurityPolicy('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(contentSecurityPolicy('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toContain("connect-src 'self';");
  });
});
