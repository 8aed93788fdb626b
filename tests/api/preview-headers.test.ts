/**
 * The editor's preview frames the wizard rendered from the draft: its pages, and no other, may be
 * framed, only by a page of the same origin, and run sandboxed (an opaque origin: no cookie, no
 * reach into the console); the rest of the CSP is the strict one. What the sandboxed page reads is
 * then a CORS request: the public answers and static files allow any origin, without credentials;
 * the staff API and pages allow none.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/contracts/wizard-api.js';
import { definitionAssetPaths } from '../../src/shared/definition/definition-assets.js';
import { DEFINITION_PREVIEW_PATH } from '../../src/shared/definition/definition-preview.js';
import { testApp } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  // A build's folder of its own: the page renderer is looked for beside the client (SSR_DIR's
  // default), and beside a client made straight in the system's temp folder may lie another's.
  const dir = join(mkdtempSync(join(tmpdir(), 'build-')), 'client');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const page = '<!doctype html><html lang="fa" dir="rtl"><body><div id="root"></div></body></html>';
  for (const name of ['index.html', 'staff.html']) writeFileSync(join(dir, name), page);
  writeFileSync(join(dir, 'assets', 'staff-abc123.js'), 'export {};');
  writeFileSync(join(dir, 'assets', 'Vazirmatn-abc123.woff2'), 'font');
  writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await testApp({ CLIENT_DIR: dir });
});
afterAll(() => app.close());

const directives = (csp: string): string[] => csp.split(';').map((directive) => directive.trim());

describe('framing of the editor preview', () => {
  it.each([`${DEFINITION_PREVIEW_PATH}/7/`, `${DEFINITION_PREVIEW_PATH}/7/pharmacy-info?tier=2`])(
    '%s may be framed by the same origin only, and runs sandboxed without its origin',
    async (url) => {
      const headers = (await app.inject({ url })).headers;
      const csp = headers['content-security-policy'] as string;
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('unsafe-eval');
      expect(directives(csp)).toContain('sandbox allow-scripts allow-forms');
      expect(csp).not.toContain('allow-same-origin');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it.each(['/staff', '/staff/definition', '/staff/definition/previewer', '/welcome', '/api/staff/definition/draft'])(
    '%s is framed by nobody, and not sandboxed',
    async (url) => {
      const headers = (await app.inject({ url })).headers;
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain('sandbox');
      expect(headers['x-frame-options']).toBe('DENY');
    },
  );
});

describe("what the sandboxed preview reads (an opaque origin's CORS requests)", () => {
  const fromPreview = { origin: 'null' };

  it.each([
    apiPaths.config,
    apiPaths.locations,
    apiPaths.captcha,
    `${definitionAssetPaths.draftDefinition}?token=forged`,
    `${definitionAssetPaths.draftValidators}?token=forged`,
  ])('%s is readable by any origin, without credentials (refusals too)', async (url) => {
    const answer = await app.inject({ url, headers: fromPreview });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each(['/assets/staff-abc123.js', '/assets/Vazirmatn-abc123.woff2', '/logo.svg'])(
    'the static file %s may be loaded by any origin',
    async (url) => {
      const answer = await app.inject({ url, headers: fromPreview });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    },
  );

  it.each([
    '/staff',
    `${DEFINITION_PREVIEW_PATH}/7/`,
    '/welcome',
    '/api/staff/session',
    '/api/staff/definition/draft',
    `${definitionAssetPaths.previewToken}?revision=1`,
    '/api/staff/registrations',
  ])('%s is readable by its own origin only', async (url) => {
    const answer = await app.inject({ url, headers: fromPreview });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
