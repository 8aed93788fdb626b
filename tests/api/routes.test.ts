import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/server/errors.js';
import { listVisits } from '../../src/server/statistics/visit.repository.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { Captcha, Locations, RegisterConfig } from '../../src/shared/contracts/wizard-api.schemas.js';
import { CAPTCHA_BANK, fetchCaptcha, LOCATIONS_FILE, openSession, testApp } from './helpers.js';
import bank from '../fixtures/captcha-questions.json' with { type: 'json' };

const ajv = new Ajv({ strict: false });
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('GET /api/Register/Config', () => {
  it('answers the plans, map settings and definition version, matching its declared schema', async () => {
    const response = await app.inject({ url: '/api/Register/Config' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(ajv.validate(RegisterConfig, body)).toBe(true);
    expect(body).toMatchObject({
      defaultTier: 1,
      definitionVersion: app.definitions.live().version,
      map: {
        provider: 'osm',
        center: { latitude: 35.72, longitude: 51.39 },
        zoom: 11,
        flyToZoom: 14,
        flyToDurationSeconds: 1.5,
        marker: { width: 80, height: 120 },
      },
    });
    expect(app.definitions.live().version).toMatch(/^[0-9a-f]{12}$/);
    // Neshan's options are not sent for the OSM map, which would not read them.
    expect(body.map).not.toHaveProperty('type');
    expect(body.map).not.toHaveProperty('poi');
  });

  it("fills in the spec's Neshan options (dreamy, points of interest on, traffic off) for a neshan map that leaves them out", async () => {
    const schemasDir = mkdtempSync(join(tmpdir(), 'config-schemas-'));
    cpSync(resolve('schemas'), schemasDir, { recursive: true });
    const configFile = join(schemasDir, 'register-config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { map: Record<string, unknown> };
    writeFileSync(configFile, JSON.stringify({ ...config, map: { ...config.map, provider: 'neshan', traffic: true } }));
    const neshan = await testApp({ SCHEMAS_DIR: schemasDir });
    try {
      const body = (await neshan.inject({ url: '/api/Register/Config' })).json<Record<string, unknown>>();
      expect(ajv.validate(RegisterConfig, body)).toBe(true);
      expect(body.map).toMatchObject({ provider: 'neshan', type: 'dreamy', poi: true, traffic: true });
    } finally {
      await neshan.close();
      rmSync(schemasDir, { recursive: true, force: true });
    }
  });

  it('revalidates with its ETag: 304 on If-None-Match', async () => {
    const first = await app.inject({ url: '/api/Register/Config' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await app.inject({ url: '/api/Register/Config', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await app.inject({ url: '/api/Register/Config', headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('takes the map key and tile URL from the environment', async () => {
    const configured = await testApp({ MAP_KEY: 'k123', MAP_TILE_URL: 'https://{s}.tiles.example.ir/{z}/{x}/{y}.png' });
    try {
      const body = (await configured.inject({ url: '/api/Register/Config' })).json<{
        map: { key: string; tileUrl: string };
      }>();
      expect(body.map).toMatchObject({ key: 'k123', tileUrl: 'https://{s}.tiles.example.ir/{z}/{x}/{y}.png' });
      const csp = (await configured.inject({ url: '/welcome' })).headers['content-security-policy'] as string;
      expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.ir;");
    } finally {
      await configured.close();
    }
  });
});

describe('GET /api/Statistic/Register', () => {
  it('counts visits by day and plan; an unknown or missing plan counts as the default', async () => {
    for (const url of [
      '/api/Statistic/Register?tier=2',
      '/api/Statistic/Register?tier=۲',
      '/api/Statistic/Register',
      '/api/Statistic/Register?tier=77',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    const visits = await listVisits(app.database.db);
    expect(visits.map(({ tier, count }) => ({ tier, count }))).toEqual([
      { tier: 1, count: 2 },
      { tier: 2, count: 2 },
    ]);
    expect(visits[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('GET /api/Register/GetCaptcha', () => {
  it('answers id, question and options only; never cached; the answer is not sent', async () => {
    const session = await openSession(app);
    const response = await app.inject({ url: '/api/Register/GetCaptcha', headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['id', 'options', 'question']);
    expect(ajv.validate(Captcha, body)).toBe(true);
    expect(response.body).not.toMatch(/answer/i);
  });

  it('shuffles the options per captcha', async () => {
    const session = await openSession(app);
    const orders = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const captcha = await fetchCaptcha(app, session);
      if (captcha.question === bank.questions[0].question) orders.add(captcha.options.join('|'));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('the shipped bank has at least 20 Persian questions and mixes in generated arithmetic', async () => {
    const shipped = await testApp({ CAPTCHA_QUESTIONS_FILE: undefined });
    try {
      expect(shipped.config.captchaQuestionsFile).not.toBe(CAPTCHA_BANK);
      const session = await openSession(shipped);
      const questions = new Set<string>();
      for (let i = 0; i < 60; i += 1) questions.add((await fetchCaptcha(shipped, session)).question);
      expect([...questions].some((question) => question.startsWith('حاصل'))).toBe(true);
      expect([...questions].some((question) => !question.startsWith('حاصل'))).toBe(true);
    } finally {
      await shipped.close();
    }
  });
});

describe('GET /api/Utility/Locations', () => {
  it('answers provinces and cities with a day-long public cache and a strong ETag', async () => {
    const response = await app.inject({ url: '/api/Utility/Locations' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers.etag).toMatch(/^"[^W]/);
    expect(response.headers['content-encoding']).toBeUndefined();
    const body = response.json<{ provinces: unknown[]; cities: unknown[] }>();
    expect(ajv.validate(Locations, body)).toBe(true);
    const file = JSON.parse(readFileSync(LOCATIONS_FILE, 'utf8')) as { cities: unknown[] };
    expect(body.cities).toHaveLength(file.cities.length);
  });

  it('304 on If-None-Match with any of its tags', async () => {
    const plain = await app.inject({ url: '/api/Utility/Locations' });
    const compressed = await app.inject({ url: '/api/Utility/Locations', headers: { 'accept-encoding': 'gzip' } });
    for (const tag of [plain.headers.etag, compressed.headers.etag]) {
      const response = await app.inject({ url: '/api/Utility/Locations', headers: { 'if-none-match': tag as string } });
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
    }
  });

  it('serves the precompressed body chosen by Accept-Encoding', async () => {
    const plain = (await app.inject({ url: '/api/Utility/Locations' })).body;
    const br = await app.inject({ url: '/api/Utility/Locations', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await app.inject({ url: '/api/Utility/Locations', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    expect(new Set([br.headers.etag, gz.headers.etag]).size).toBe(2);
  });
});

describe('GET /api/health', () => {
  it('is ok while the database answers', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is 503 unavailable when it does not', async () => {
    const broken = await testApp();
    await broken.database.close();
    try {
      const response = await broken.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'unavailable', message: fa.errors.unavailable } });
      expect(ajv.validate(errorResponseSchema, response.json())).toBe(true);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('unknown paths and methods', () => {
  it('an unknown /api/ path is a JSON 404', async () => {
    for (const url of ['/api/nothing', '/api/register/config', '/api/']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: fa.errors.not_found } });
    }
    const post = await app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(post.statusCode).toBe(404);
  });

  it('a wrong method on a known API path is 405 with Allow', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/Register/Pharmacy'],
      ['GET', '/api/Register/Pharmacy'],
      ['POST', '/api/Register/Config'],
      ['PUT', '/api/Utility/Locations'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(405);
      expect(response.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
      expect(response.headers.allow).toBeTruthy();
    }
  });
});

describe('the wizard pages', () => {
  it('without a build, page paths get a short Persian page saying so', async () => {
    const response = await app.inject({ url: '/welcome' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
    expect(response.body).toContain('dir="rtl"');
  });

  describe('with a build', () => {
    let spa: FastifyInstance;
    const js = 'console.log("wizard")'.repeat(50);
    beforeAll(async () => {
      // A build's folder of its own: the page renderer is looked for beside the client (SSR_DIR's
      // default), and beside a client made straight in the system's temp folder may lie another's.
      const dir = join(mkdtempSync(join(tmpdir(), 'build-')), 'client');
      mkdirSync(join(dir, 'assets'), { recursive: true });
      writeFileSync(
        join(dir, 'index.html'),
        '<!doctype html><html lang="fa" dir="rtl"><body><div id="root"></div></body></html>',
      );
      writeFileSync(join(dir, 'assets', 'index-abc123.js'), js);
      writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
      writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(js));
      // Its own renderer folder (empty): by default it would be the fixture's sibling `ssr/`, which in
      // the shared temporary folder may hold another build's renderer.
      spa = await testApp({ CLIENT_DIR: dir, SSR_DIR: join(dir, 'ssr') });
    });
    afterAll(() => spa.close());

    it.each(['/', '/welcome', '/manager?tier=2', '/no/such/page'])(
      '%s answers index.html, revalidated every time, with the anti-forgery cookies',
      async (url) => {
        const response = await spa.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(String(response.headers['set-cookie'])).toContain('XSRF-TOKEN=');
      },
    );

    it('hashed assets are immutable for a year and served precompressed', async () => {
      const br = await spa.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      const plain = await spa.inject({ url: '/assets/index-abc123.js' });
      expect(plain.body).toBe(js);
      expect(plain.headers['set-cookie']).toBeUndefined();
    });

    it('a missing asset is a 404, not the page', async () => {
      const response = await spa.inject({ url: '/assets/gone-000.js' });
      expect(response.statusCode).toBe(404);
    });
  });
});

describe('requests Node or Fastify cannot parse', () => {
  it('a URL with bad percent-encoding gets the contract body, without echoing the path', async () => {
    for (const url of ['/api/%E0%A4%A', '/welcome%E0%A4%A']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'bad_request', message: fa.errors.bad_request } });
    }
  });

  it('odd tier values on the statistics call count as the default plan instead of failing', async () => {
    for (const url of [
      '/api/Statistic/Register?tier=1&tier=2',
      '/api/Statistic/Register?tier=' + 'x'.repeat(3000),
      '/api/Statistic/Register?tier=1e400',
    ]) {
      expect((await app.inject({ url })).statusCode).toBe(204);
    }
  });
});

describe('bytes that are not HTTP', () => {
  it.each([
    ['a garbage request line', 'GARBAGE\r\n\r\n', 400],
    ['a header line without a colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
    ['headers over 16 KB', `GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('%s: the contract body in Persian', async (_case, raw, status) => {
    const server = await testApp();
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.server.address() as { port: number };
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write(raw));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
        error: { message: string; code: string };
      };
      expect(body.error.message).toMatch(/[\u0600-\u06FF]/);
    } finally {
      await server.close();
    }
  });
});
