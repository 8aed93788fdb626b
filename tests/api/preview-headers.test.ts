/**
 * The editor's preview frames the wizard rendered from the draft: its pages, and no other, may be
 * framed, and only by a page of the same origin; the rest of the CSP is the strict one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFINITION_PREVIEW_PATH } from '../../src/shared/definition-preview.js';
import { testApp } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('framing of the editor preview', () => {
  it.each([`${DEFINITION_PREVIEW_PATH}/7/`, `${DEFINITION_PREVIEW_PATH}/7/pharmacy-info?tier=2`])(
    '%s may be framed by the same origin only',
    async (url) => {
      const headers = (await app.inject({ url })).headers;
      const csp = headers['content-security-policy'] as string;
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('unsafe-eval');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it.each(['/staff', '/staff/definition', '/staff/definition/previewer', '/welcome', '/api/staff/definition/draft'])(
    '%s is framed by nobody',
    async (url) => {
      const headers = (await app.inject({ url })).headers;
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
    },
  );
});
