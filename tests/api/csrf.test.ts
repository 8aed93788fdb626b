import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRegistrations } from '../../src/server/registration/registration.repository.js';
import {
  cookiesOf,
  openSession,
  postRegistration,
  solvedCaptcha,
  testApp,
  validRegistration,
  type Session,
} from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

async function expectCsrf(session: Session, headers: Record<string, string>) {
  const before = await countRegistrations(app.database.db);
  const response = await app.inject({
    method: 'POST',
    url: '/api/Register/Pharmacy',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(validRegistration(await solvedCaptcha(app, session))),
  });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: { code: 'csrf' } });
  expect(response.json<{ error: { message: string } }>().error.message).toMatch(/[\u0600-\u06FF]/);
  expect(await countRegistrations(app.database.db)).toBe(before);
}

/** A Set-Cookie line's attributes, lower-case and sorted (their order means nothing). */
function attributesOf(line: string | undefined): string[] {
  return (line ?? '')
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase())
    .sort();
}

describe('anti-forgery cookies', () => {
  it('a first GET under /api/ issues an HttpOnly pre-session and a script-readable XSRF-TOKEN, both SameSite=Strict', async () => {
    const response = await app.inject({ url: '/api/Register/Config' });
    const lines = [response.headers['set-cookie']].flat() as string[];
    const psid = lines.find((line) => line.startsWith('psid='));
    const xsrf = lines.find((line) => line.startsWith('XSRF-TOKEN='));
    expect(attributesOf(psid)).toEqual(['httponly', 'path=/', 'samesite=strict']);
    expect(attributesOf(xsrf)).toEqual(['path=/', 'samesite=strict']);
  });

  it('valid cookies are kept, not reissued', async () => {
    const session = await openSession(app);
    const response = await app.inject({ url: '/api/Register/Config', headers: { cookie: session.cookie } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('a token that does not belong to the pre-session is replaced', async () => {
    const a = await openSession(app);
    const b = await openSession(app);
    const response = await app.inject({
      url: '/api/Register/Config',
      headers: { cookie: `psid=${a.psid}; XSRF-TOKEN=${b.token}` },
    });
    const cookies = cookiesOf(response);
    expect(cookies.psid).toBeUndefined();
    expect(cookies['XSRF-TOKEN']).toBeDefined();
    expect(cookies['XSRF-TOKEN']).not.toBe(b.token);
  });

  it('the public Locations answer never carries Set-Cookie', async () => {
    const response = await app.inject({ url: '/api/Utility/Locations' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('in production the pre-session is __Host-psid and both cookies are Secure', async () => {
    const production = await testApp({ NODE_ENV: 'production' });
    try {
      const lines = [(await production.inject({ url: '/api/health' })).headers['set-cookie']].flat() as string[];
      expect(attributesOf(lines.find((line) => line.startsWith('__Host-psid=')))).toEqual([
        'httponly',
        'path=/',
        'samesite=strict',
        'secure',
      ]);
      expect(attributesOf(lines.find((line) => line.startsWith('XSRF-TOKEN=')))).toEqual([
        'path=/',
        'samesite=strict',
        'secure',
      ]);
    } finally {
      await production.close();
    }
  });
});

describe('unsafe requests need the token', () => {
  it('is accepted with cookie and matching header', async () => {
    const session = await openSession(app);
    expect(
      (await postRegistration(app, session, validRegistration(await solvedCaptcha(app, session)))).statusCode,
    ).toBe(200);
  });

  it('no header', async () => {
    const session = await openSession(app);
    await expectCsrf(session, { cookie: session.cookie });
  });

  it('no cookies at all', async () => {
    const session = await openSession(app);
    await expectCsrf(session, { 'x-xsrf-token': session.token });
  });

  it('header differing from the cookie', async () => {
    const session = await openSession(app);
    const other = await openSession(app);
    await expectCsrf(session, { cookie: session.cookie, 'x-xsrf-token': other.token });
  });

  it('a forged token (right shape, wrong HMAC) in both cookie and header', async () => {
    const session = await openSession(app);
    const [nonce, mac] = session.token.split('.');
    const forged = `${nonce}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectCsrf(session, { cookie: `psid=${session.psid}; XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged });
  });

  it('a token of another pre-session, copied into both places (cross-session)', async () => {
    const session = await openSession(app);
    const attacker = await openSession(app);
    await expectCsrf(session, {
      cookie: `psid=${session.psid}; XSRF-TOKEN=${attacker.token}`,
      'x-xsrf-token': attacker.token,
    });
  });

  it('Sec-Fetch-Site: cross-site, even with a valid token', async () => {
    const session = await openSession(app);
    await expectCsrf(session, {
      cookie: session.cookie,
      'x-xsrf-token': session.token,
      'sec-fetch-site': 'cross-site',
    });
  });

  it('same-origin fetch metadata passes', async () => {
    const session = await openSession(app);
    const response = await postRegistration(app, session, validRegistration(await solvedCaptcha(app, session)), {
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
  });
});
