/**
 * The harness checked on its own, without the product's server: the cookie jar, the captcha solver,
 * the TCP proxy, the raw client, and — most important — that every generated "bad" request really
 * is invalid by the project's own schemas, so "0 rows stored" is a fair thing to demand.
 */
import http from 'node:http';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { formats } from '../../src/shared/definition/formats.js';
import { normalizeDigitCode, normalizeMobile, normalizeText } from '../../src/shared/text/normalize.js';
import { captchaBank, solveCaptcha, wrongAnswer } from './harness/captcha.js';
import { cities, seededRandom, validRegistration } from './harness/data.js';
import { repoRoot } from './harness/env.js';
import { badRequest } from './harness/generators.js';
import { CookieJar, rawRequest } from './harness/http.js';
import { TcpProxy } from './harness/proxy.js';
import { leaks } from './harness/logs.js';

function localValidator(): (value: unknown) => boolean {
  const ajv = new Ajv({ strict: false, allErrors: false });
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
  const load = (path: string): Record<string, unknown> =>
    JSON.parse(readFileSync(resolve(repoRoot, 'schemas', path), 'utf8')) as Record<string, unknown>;
  for (const step of ['pharmacy-info', 'location', 'manager']) ajv.addSchema(load(`steps/${step}.schema.json`));
  const validate = ajv.compile(load('registration.schema.json'));
  const cityIds = new Set(cities.map((city) => city.id));
  // The server must also know the city (it stores its province): an id no city has is refused.
  return (value) => validate(normaliseLikeTheServer(value)) && cityIds.has((value as { cityId: number }).cityId);
}

/** The normalisation of src/shared/text/normalize.ts applied to the registration's fields, so the oracle is never stricter than the server. */
function normaliseLikeTheServer(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  // A shallow copy: structuredClone overflows the stack on the deeply nested samples.
  const r = { ...(value as Record<string, any>) };
  if (r.adminData && typeof r.adminData === 'object' && !Array.isArray(r.adminData)) r.adminData = { ...r.adminData };
  for (const key of ['name', 'address']) if (typeof r[key] === 'string') r[key] = normalizeText(r[key]);
  const admin = r.adminData;
  if (admin && typeof admin === 'object' && !Array.isArray(admin)) {
    for (const key of ['firstName', 'lastName'])
      if (typeof admin[key] === 'string') admin[key] = normalizeText(admin[key]);
    if (typeof admin.nationalCode === 'string') admin.nationalCode = normalizeDigitCode(admin.nationalCode);
    if (typeof admin.mobileNumber === 'string') admin.mobileNumber = normalizeMobile(admin.mobileNumber);
  }
  return r;
}

describe('harness', () => {
  it('keeps cookies like a browser and finds the XSRF token', () => {
    const jar = new CookieJar();
    jar.store({
      'set-cookie': ['psid=abc; Path=/; HttpOnly; SameSite=Strict', 'XSRF-TOKEN=t%2B1; Path=/; SameSite=Strict'],
    });
    expect(jar.header()).toBe('psid=abc; XSRF-TOKEN=t%2B1');
    expect(jar.xsrf()).toBe('t+1');
    jar.store({ 'set-cookie': ['psid=; Max-Age=0; Path=/'] });
    expect(jar.header()).toBe('XSRF-TOKEN=t%2B1');
    jar.store({ 'set-cookie': ['__Host-XSRF-TOKEN=z; Path=/; Secure'] });
    expect(['t+1', 'z']).toContain(jar.xsrf());
  });

  it('finds a sent value in a log line, also when the logger escaped its Persian letters', () => {
    const escaped = JSON.stringify({ msg: 'x' }).replace('x', '\\u0634\\u0647\\u0631');
    expect(leaks([{ stream: 'stdout', text: escaped }], new Set(['شهر']))).toHaveLength(1);
    expect(leaks([{ stream: 'stdout', text: '{"msg":"0499370899"}' }], new Set(['0499370899', 'absent']))).toHaveLength(
      1,
    );
    expect(leaks([{ stream: 'stdout', text: '{"msg":"clean"}' }], new Set(['0499370899']))).toHaveLength(0);
  });

  it('answers every question of its bank whatever the order of the options', () => {
    const random = seededRandom(3);
    for (const entry of captchaBank) {
      const options = [...entry.options].sort(() => random() - 0.5);
      const captcha = { id: 'x', question: entry.question, options };
      expect(options[solveCaptcha(captcha)]).toBe(entry.options[entry.answer]);
      expect(wrongAnswer(captcha)).not.toBe(solveCaptcha(captcha));
    }
    expect(captchaBank.length).toBeGreaterThanOrEqual(20);
    expect(captchaBank.every((entry) => entry.options.length === 4)).toBe(true);
    expect(solveCaptcha({ id: 'y', question: 'حاصل ۷ + ۵ چند است؟', options: ['۱۱', '۱۲', '۱۳', '۱۴'] })).toBe(1);
  });

  it('the proxy passes bytes, cuts every connection at once, refuses while cut, and reopens on the same port', async () => {
    const echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((done) => echo.listen(0, '127.0.0.1', done));
    const echoPort = (echo.address() as net.AddressInfo).port;
    const proxy = new TcpProxy('127.0.0.1', echoPort);
    const port = await proxy.start();
    const roundTrip = (socket: net.Socket, text: string): Promise<string> =>
      new Promise((done) => {
        socket.once('data', (data) => done(data.toString()));
        socket.write(text);
      });
    const connect = (): Promise<net.Socket> =>
      new Promise((done, fail) => {
        const socket = net.connect(port, '127.0.0.1', () => done(socket));
        socket.once('error', fail);
      });
    const first = await connect();
    expect(await roundTrip(first, 'سلام')).toBe('سلام');
    const closed = new Promise<void>((done) => first.once('close', () => done()));
    await proxy.cut();
    await closed;
    await expect(connect()).rejects.toThrow(/ECONNREFUSED/);
    await proxy.reopen();
    expect(proxy.port).toBe(port);
    const second = await connect();
    expect(await roundTrip(second, 'again')).toBe('again');
    second.destroy();
    await proxy.close();
    echo.close();
  });

  it('the raw client sends any method and chunked bodies, and reads the answer', async () => {
    const seen: Array<{ method?: string; te?: string; length: number }> = [];
    const server = http.createServer((req, res) => {
      let length = 0;
      req.on('data', (chunk: Buffer) => (length += chunk.length));
      req.on('end', () => {
        seen.push({ method: req.method, te: req.headers['transfer-encoding'], length });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as net.AddressInfo).port;
    const a = await rawRequest({ port, method: 'PATCH', path: '/x', body: 'abc' });
    const b = await rawRequest({ port, method: 'POST', path: '/y', body: Buffer.alloc(20_000, 1), chunked: true });
    expect(a.json).toEqual({ ok: true });
    expect(b.status).toBe(200);
    expect(seen).toEqual([
      { method: 'PATCH', te: undefined, length: 3 },
      { method: 'POST', te: 'chunked', length: 20_000 },
    ]);
    server.close();
  });

  describe('generators', () => {
    const validate = localValidator();
    const samples = fc.sample(badRequest, { numRuns: 3000, seed: 42 });
    const captcha = { id: '7f1d1a7e-1111-4222-8333-944445555666', validOptionIndex: 2 };

    it('a generated valid registration is valid by the schemas', () => {
      for (let seed = 1; seed <= 200; seed += 1) {
        const r = validRegistration(seededRandom(seed), captcha);
        expect(validate(r), JSON.stringify(r)).toBe(true);
      }
    });

    it('covers every kind of bad input the suite promises (tests/reliability/README.md)', () => {
      const kinds = new Set(samples.map((s) => s.kind));
      expect([...kinds].sort()).toEqual([
        'content-type',
        'idempotency-key',
        'invalid-utf8',
        'malformed-json',
        'method-or-path',
        'prototype-keys',
        'schema-invalid',
        'too-large',
      ]);
      const defects = samples.map((s) => s.defect).join('\n');
      for (const word of [
        'missing',
        'wrong type',
        'empty',
        'huge',
        'extra property',
        'deeply nested',
        'bad national code',
        'payload in',
        '__proto__',
        'constructor',
      ]) {
        expect(defects).toContain(word);
      }
      expect(samples.filter((s) => s.freshCaptcha).length).toBeGreaterThan(samples.length / 3);
    });

    it('every schema-invalid body is refused by the schemas (with or without a fresh captcha)', () => {
      for (const sample of samples.filter((s) => s.kind === 'schema-invalid')) {
        for (const c of [captcha, undefined]) {
          const body = sample.build(c)!;
          let parsed: unknown;
          try {
            parsed = JSON.parse(body.toString('utf8'));
          } catch {
            continue;
          }
          const captchaIdMissing = sample.defect.includes('captcha id missing');
          expect(validate(parsed) && !captchaIdMissing, sample.defect).toBe(false);
        }
      }
    });

    it('builds bodies of the promised shape for the other kinds', () => {
      for (const sample of samples) {
        const body = sample.build(captcha);
        if (sample.kind === 'too-large') expect(body!.length).toBeGreaterThan(16 * 1024);
        if (sample.kind === 'prototype-keys') {
          const text = body!.toString('utf8');
          expect(() => JSON.parse(text)).not.toThrow();
          expect(text).toMatch(/"(__proto__|constructor)"/);
        }
        if (sample.kind === 'invalid-utf8') {
          expect(() => new TextDecoder('utf-8', { fatal: true }).decode(body)).toThrow();
        }
        if (sample.kind === 'malformed-json') {
          let parsed: unknown;
          try {
            parsed = JSON.parse(body!.toString('utf8'));
          } catch {
            continue;
          }
          // What parses is not an object, so it is no registration.
          expect(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed), sample.defect).toBe(false);
        }
      }
    });
  });
});

afterAll(() => undefined);
