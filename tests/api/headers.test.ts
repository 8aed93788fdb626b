import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SCRIPT_HASHES_FILE } from '../../src/shared/definition/page-renderer.js';
import { tileSource } from '../../src/server/plugins/security-headers.js';
import { openSession, postRegistration, signInStaff, testApp } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('security headers', () => {
  /** For any CSP: no eval, no inline script, nothing embedded, based or framing. */
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
    // An editor's template cannot add a directive or a source to the page's policy.
    for (const hostile of [
      "https://tiles.example.com;script-src 'unsafe-inline' */{z}/{x}/{y}.png",
      'https://tiles.example.com script-src */{z}/{x}/{y}.png',
      "https://tiles.example.com'/{z}/{x}/{y}.png",
      'https://tiles.example.com,evil.example/{z}/{x}/{y}.png',
    ])
      expect(tileSource(hostile)).toBeUndefined();
    expect(tileSource('https://tiles.example.com:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example.com:8443');
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

describe('the CSP follows the live version', () => {
  const PASSWORD = 'a long enough password';

  it("names Neshan's hosts on the next page once a version choosing Neshan's map is published, with no restart", async () => {
    const editing = await testApp({ MAP_KEY: 'web.0123456789abcdef0123456789abcdef' });
    try {
      const before = (await editing.inject({ url: '/welcome' })).headers['content-security-policy'] as string;
      expect(before).not.toContain('neshan.org');
      await addStaffAccount(editing.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
      const { headers } = await signInStaff(editing, 'editor@example.ir', PASSWORD);
      const draft = (await editing.inject({ url: '/api/staff/definition/draft', headers })).json();
      draft.files['register-config.json'].map.provider = 'neshan';
      const saved = await editing.inject({
        method: 'PUT',
        url: '/api/staff/definition/draft',
        headers,
        payload: { revision: draft.revision, files: draft.files },
      });
      expect(saved.statusCode).toBe(200);
      const published = await editing.inject({
        method: 'POST',
        url: '/api/staff/definition/publish',
        headers,
        payload: { note: 'نقشهٔ نشان' },
      });
      expect(published.statusCode).toBe(200);

      const after = (await editing.inject({ url: '/welcome' })).headers['content-security-policy'] as string;
      expect(after).toMatch(/img-src 'self' data: blob:[^;]* https:\/\/\*\.neshan\.org;/);
      expect(after).toContain("connect-src 'self' https://api.neshan.org;");
      expect(after).toContain("script-src 'self';");
    } finally {
      await editing.close();
    }
  });
});

describe("the pages' inline loader in the CSP", () => {
  const hash = `'sha256-${'A'.repeat(43)}='`;
  const ssrDirWith = (content: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-hashes-'));
    writeFileSync(join(dir, PAGE_SCRIPT_HASHES_FILE), content);
    return dir;
  };

  it('allows the script the build listed by its hash, and nothing else inline', async () => {
    const dir = ssrDirWith(JSON.stringify([hash]));
    const built = await testApp({ SSR_DIR: dir });
    try {
      for (const url of ['/welcome', '/api/health']) {
        const csp = (await built.inject({ url })).headers['content-security-policy'] as string;
        expect(csp).toContain(`script-src 'self' ${hash};`);
        expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
      }
    } finally {
      await built.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a list that is not hash sources (it would land in the header)', async () => {
    const dir = ssrDirWith(JSON.stringify(["'unsafe-inline'"]));
    try {
      await expect(testApp({ SSR_DIR: dir })).rejects.toThrow(
        /page-script-hashes\.json is not a list of 'sha256-…' sources/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
