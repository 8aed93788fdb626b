/**
 * Security headers and cookies on a real process, in development and in production
 * (NODE_ENV=production: HSTS, Secure cookies, the __Host- prefix), and Cache-Control: no-store on
 * every answer that carries personal data or a one-time value.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom, validRegistration } from './harness/data.js';
import { ApiClient, paths, setCookies, type HttpResponse } from './harness/http.js';
import { recordFigure } from './harness/figures.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { stopAllServers } from './harness/server.js';

export function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** Problems with a CSP header: eval, inline script, embedding, base or framing allowed (empty when it is right). */
export function cspProblems(header: string | undefined): string[] {
  if (!header) return ['no Content-Security-Policy'];
  const csp = parseCsp(header);
  const problems: string[] = [];
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  if (!scripts) problems.push('neither script-src nor default-src');
  else {
    if (scripts.includes("'unsafe-eval'")) problems.push("script-src allows 'unsafe-eval'");
    if (scripts.includes("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
    if (scripts.some((source) => source === '*' || source === 'data:' || source === 'http:' || source === 'https:'))
      problems.push(`script-src too wide: ${scripts.join(' ')}`);
  }
  for (const name of ['script-src-elem', 'script-src-attr']) {
    const values = csp.get(name);
    if (values?.includes("'unsafe-inline'") || values?.includes("'unsafe-eval'"))
      problems.push(`${name}: ${values.join(' ')}`);
  }
  for (const name of ['object-src', 'base-uri', 'frame-ancestors']) {
    if ((csp.get(name) ?? []).join(' ') !== "'none'")
      problems.push(`${name} is ${csp.get(name)?.join(' ') ?? 'missing'}, not 'none'`);
  }
  return problems;
}

const strictReferrer = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

interface Sampled {
  what: string;
  response: HttpResponse;
  /** Carries personal data or a one-time value. */
  private: boolean;
}

async function sample(port: number): Promise<Sampled[]> {
  const client = new ApiClient(port);
  const page = await client.get('/welcome', { accept: 'text/html' });
  const config = await client.get(paths.config);
  const captcha = await client.captcha();
  const { solveCaptcha } = await import('./harness/captcha.js');
  const registration = validRegistration(seededRandom(71), { id: captcha.id, validOptionIndex: solveCaptcha(captcha) });
  const ok = await client.register(registration);
  const refused = await client.register({
    ...registration,
    adminData: { ...registration.adminData, mobileNumber: '0800' },
  });
  const forged = await client.register(registration, { xsrf: null });
  const health = await client.get(paths.health);
  const missing = await client.get('/api/nothing-here');
  const locations = await client.get(paths.locations);
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
  const script = asset ? await client.get(asset, { accept: '*/*' }) : undefined;
  return [
    { what: 'GET /welcome (page)', response: page, private: false },
    { what: 'GET Config', response: config, private: false },
    { what: 'GET GetCaptcha', response: captcha.response, private: true },
    { what: 'POST Pharmacy 200', response: ok, private: true },
    { what: 'POST Pharmacy 400', response: refused, private: true },
    { what: 'POST Pharmacy 403', response: forged, private: true },
    { what: 'GET health', response: health, private: false },
    { what: 'GET /api 404', response: missing, private: false },
    { what: 'GET Locations', response: locations, private: false },
    ...(script ? [{ what: `GET ${asset}`, response: script, private: false }] : []),
  ];
}

describe('security headers and cookies', () => {
  const scenarios: Scenario[] = [];
  afterAll(async () => {
    for (const scenario of scenarios) await scenario.close();
    await stopAllServers();
  });

  for (const nodeEnv of ['development', 'production'] as const) {
    it(`${nodeEnv}: CSP, nosniff, Referrer-Policy on every answer; no-store where personal or one-time`, async () => {
      const scenario = await startScenario('sqlite', `headers${nodeEnv}`, { env: { NODE_ENV: nodeEnv } });
      scenarios.push(scenario);
      const sampled = await sample(scenario.server.port);
      expect(sampled.find((s) => s.what === 'POST Pharmacy 200')?.response.status).toBe(200);
      expect(sampled.find((s) => s.what === 'GET /welcome (page)')?.response.status).toBe(200);
      const problems: string[] = [];
      for (const { what, response, private: personal } of sampled) {
        const h = response.headers;
        if (what.includes('page') || what.includes('assets') || h['content-security-policy']) {
          for (const problem of cspProblems(h['content-security-policy'] as string | undefined))
            problems.push(`${what}: ${problem}`);
        }
        if (h['x-content-type-options'] !== 'nosniff')
          problems.push(`${what}: X-Content-Type-Options ${String(h['x-content-type-options'])}`);
        if (!strictReferrer.includes(String(h['referrer-policy'])))
          problems.push(`${what}: Referrer-Policy ${String(h['referrer-policy'])}`);
        const cacheControl = String(h['cache-control'] ?? '');
        if (personal && !/\bno-store\b/.test(cacheControl))
          problems.push(`${what}: Cache-Control "${cacheControl}" lacks no-store`);
        if (setCookies(h).length > 0 && /\bpublic\b/.test(cacheControl))
          problems.push(`${what}: sets a cookie on a public, cacheable answer`);
        if (what.startsWith('GET /api') || what.startsWith('POST')) {
          if (!String(h['content-type']).startsWith('application/json'))
            problems.push(`${what}: content-type ${h['content-type']}`);
        }
        if (nodeEnv === 'production') {
          const hsts = /max-age=(\d+)/.exec(String(h['strict-transport-security'] ?? ''));
          if (!hsts || Number(hsts[1]) < 15_552_000)
            problems.push(`${what}: Strict-Transport-Security ${h['strict-transport-security']}`);
        } else if (h['strict-transport-security']) {
          problems.push(`${what}: HSTS outside production would pin localhost to https`);
        }
      }
      recordFigure('any', `headers: problems (${nodeEnv})`, problems.length);
      expect(problems).toEqual([]);
    });
  }

  it('no cross-origin access is granted to a write or with credentials: the public reads allow any origin without them (the sandboxed preview reads them from an opaque origin)', async () => {
    const scenario = scenarios[0] ?? (await startScenario('sqlite', 'cors'));
    if (!scenarios.includes(scenario)) scenarios.push(scenario);
    const client = new ApiClient(scenario.server.port);
    await client.start();
    const evil = { origin: 'https://evil.example' };
    const writes = [
      await client.send('OPTIONS', paths.registration, undefined, {
        headers: {
          ...evil,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-xsrf-token',
        },
      }),
      await client.register({}, { headers: evil }),
    ];
    for (const answer of writes) {
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
    for (const answer of [await client.get(paths.captcha, evil), await client.get(paths.config, evil)]) {
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('production cookies: all Secure and SameSite=Strict; the pre-session cookie __Host-, HttpOnly; the XSRF cookie readable by script', async () => {
    const scenario =
      scenarios.find((s) => s.server.env.NODE_ENV === 'production') ??
      (await startScenario('sqlite', 'cookies', { env: { NODE_ENV: 'production' } }));
    const client = new ApiClient(scenario.server.port);
    const first = await client.get('/welcome', { accept: 'text/html' });
    const cookies = setCookies(first.headers);
    expect(cookies.length, first.headers['set-cookie']?.join(' | ')).toBe(2);
    expect(cookies.some((c) => c.name === 'XSRF-TOKEN')).toBe(true);
    expect(cookies.some((c) => c.name.startsWith('__Host-'))).toBe(true);
    for (const cookie of cookies) {
      expect(cookie.attributes, cookie.raw).toHaveProperty('secure');
      expect(cookie.attributes.samesite?.toLowerCase(), cookie.raw).toBe('strict');
      expect(cookie.attributes.path, cookie.raw).toBe('/');
      expect(cookie.attributes, cookie.raw).not.toHaveProperty('domain');
    }
    const session = cookies.find((c) => c.name.startsWith('__Host-'))!;
    expect(session.attributes, session.raw).toHaveProperty('httponly');
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(xsrf.attributes, 'the wizard must read the token').not.toHaveProperty('httponly');
    // And the production server is usable by a client that follows the convention.
    await client.start();
    const { solveCaptcha } = await import('./harness/captcha.js');
    const captcha = await client.captcha();
    const ok = await client.register(
      validRegistration(seededRandom(72), { id: captcha.id, validOptionIndex: solveCaptcha(captcha) }),
    );
    expect(ok.status, ok.text).toBe(200);
  });
});
