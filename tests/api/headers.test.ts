import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileSource } from '../../src/server/plugins/security-headers.js';
import { openSession, postRegistration, testApp } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('security headers', () => {
  /** Issue 6 item 7, for any CSP: no eval, no inline script, nothing embedded, based or framing. */
  function expectStrictCsp(csp: string): void {
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(/default-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  }

  it.each(['/welcome', '/api/health', '/api/nothing', '/api/Utility/Locations'])(
    '%s carries the full set with the strict CSP',
    async (url) => {
      const headers = (await app.inject({ url })).headers;
      const csp = headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expectStrictCsp(csp);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('errors of POST carry them too, and are never cached', async () => {
    const session = await openSession(app);
    const response = await postRegistration(app, session, '{bad');
    expect(response.headers['content-security-policy']).toBeTruthy();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('HSTS in production only', async () => {
    const production = await testApp({ NODE_ENV: 'production' });
    try {
      for (const url of ['/api/health', '/welcome']) {
        expect((await production.inject({ url })).headers['strict-transport-security']).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await production.close();
    }
  });

  it('allows the tile server for images only', async () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.com/{z}/{x}/{y}.png?key=1')).toBe('https://*.tile.example.com');
    const tiled = await testApp({ MAP_TILE_URL: 'https://{s}.tile.example.com/{z}/{x}/{y}.png' });
    try {
      const csp = (await tiled.inject({ url: '/welcome' })).headers['content-security-policy'] as string;
      expect(csp).toContain("img-src 'self' data: blob: https://*.tile.example.com;");
      expect(csp).toContain("connect-src 'self';");
      expect(csp.match(/tile\.example\.com/g)).toHaveLength(1);
    } finally {
      await tiled.close();
    }
  });
});
