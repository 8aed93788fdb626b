import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRegistrations, findByTrackingCode } from '../../src/server/registration/registration.repository.js';
import { TRACKING_CODE_PATTERN } from '../../src/server/registration/tracking-code.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import {
  fetchCaptcha,
  openSession,
  postRegistration,
  solveCaptcha,
  solvedCaptcha,
  testApp,
  validRegistration,
  wrongAnswer,
} from './helpers.js';
import { validAnswers } from '../fixtures/registration.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const stored = () => countRegistrations(app.database.db);

function expectPersianError(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error: { message: string; code: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBe(fa.errors[code as keyof typeof fa.errors]);
  expect(body.error.message).toMatch(/[\u0600-\u06FF]/);
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('POST /api/Register/Pharmacy, the happy path', () => {
  it('stores a registration typed with Persian digits as ASCII and answers a quotable tracking code', async () => {
    const session = await openSession(app);
    const body = validRegistration(await solvedCaptcha(app, session), {
      adminData: { firstName: ' علي ', lastName: 'كريمي', nationalCode: '۰۴۹۹۳۷۰۸۹۹', mobileNumber: '۰۹۱۲-۳۴۵-۶۷۸۹' },
    });
    const response = await postRegistration(app, session, body);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json<{ message: string; trackingCode: string }>();
    expect(answer.message).toBe(fa.registration.successMessage);
    expect(answer.trackingCode).toMatch(TRACKING_CODE_PATTERN);
    const row = await findByTrackingCode(app.database.db, answer.trackingCode);
    expect(row).toMatchObject({
      national_code: '0499370899',
      mobile_number: '09123456789',
      first_name: 'علی',
      last_name: 'کریمی',
      province_id: validAnswers.location.selectedState,
      city_id: validAnswers.location.cityId,
      status: 'new',
      has_davajoo: validAnswers['pharmacy-info'].hasDavajoo ? 1 : 0,
      definition_version: app.definitions.live().version,
    });
    const payload = JSON.parse(row!.payload) as Record<string, unknown>;
    expect(payload.captcha).toBeUndefined();
    expect(payload.adminData).toMatchObject({ nationalCode: '0499370899' });
  });

  it('gives every registration its own tracking code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const session = await openSession(app);
      const response = await postRegistration(app, session, validRegistration(await solvedCaptcha(app, session)));
      codes.add(response.json<{ trackingCode: string }>().trackingCode);
    }
    expect(codes.size).toBe(5);
  });
});

describe('POST /api/Register/Pharmacy refuses bad input and stores nothing', () => {
  async function refused(body: unknown, status: number, code: string, headers: Record<string, string> = {}) {
    const session = await openSession(app);
    const before = await stored();
    const response = await postRegistration(app, session, body, headers);
    expectPersianError(response, status, code);
    expect(await stored()).toBe(before);
    return response.json<{ error: { fields?: Record<string, string> } }>().error;
  }

  it("wrong types, field by field, with the schema's Persian messages", async () => {
    const captcha = { id: 'x', validOptionIndex: 0 };
    const error = await refused(
      validRegistration(captcha, { type: '1', cityId: 'تهران', latitude: 'north', hasDavajoo: 'yes' }),
      400,
      'validation',
    );
    expect(error.fields).toMatchObject({
      '/type': 'لطفاً نوع داروخانه را انتخاب کنید.',
      '/cityId': 'لطفاً شهر را انتخاب کنید.',
      '/latitude': 'لطفاً موقعیت داروخانه را روی نقشه مشخص کنید.',
    });
    expect(error.fields?.['/hasDavajoo']).toBeTruthy();
  });

  it('missing fields', async () => {
    const { adminData: _admin, address: _address, ...rest } = validRegistration({ id: 'x', validOptionIndex: 0 });
    const error = await refused(rest, 400, 'validation');
    expect(error.fields).toMatchObject({
      '/adminData': fa.validation.required,
      '/address': 'لطفاً آدرس داروخانه را بنویسید.',
    });
  });

  it('a national code with a wrong check digit (0684159415)', async () => {
    const body = validRegistration({ id: 'x', validOptionIndex: 0 });
    (body.adminData as Record<string, string>).nationalCode = '0684159415';
    const error = await refused(body, 400, 'validation');
    expect(error.fields).toEqual({ '/adminData/nationalCode': 'این کد ملی معتبر نیست؛ لطفاً دوباره بررسی کنید.' });
  });

  it('a mobile number without a real operator prefix', async () => {
    const body = validRegistration({ id: 'x', validOptionIndex: 0 });
    (body.adminData as Record<string, string>).mobileNumber = '09601234567';
    const error = await refused(body, 400, 'validation');
    expect(Object.keys(error.fields ?? {})).toEqual(['/adminData/mobileNumber']);
  });

  it('unknown properties, at the top and nested', async () => {
    const body = validRegistration({ id: 'x', validOptionIndex: 0 }, { status: 'approved' });
    (body.adminData as Record<string, string>).role = 'admin';
    const error = await refused(body, 400, 'validation');
    expect(error.fields).toMatchObject({
      '/status': fa.validation.additionalProperties,
      '/adminData/role': fa.validation.additionalProperties,
    });
  });

  it('a plan that is not configured, and a city that does not exist', async () => {
    const session = await openSession(app);
    const error = await refused(
      validRegistration(await solvedCaptcha(app, session), { tier: 99, cityId: 999999 }),
      400,
      'validation',
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['/cityId', '/tier']);
  });

  it('malformed JSON', async () => {
    await refused('{"name": "x",', 400, 'bad_json');
  });

  it('an empty JSON body', async () => {
    await refused('', 400, 'bad_json');
  });

  it('__proto__ and constructor keys', async () => {
    await refused('{"name":"x","__proto__":{"admin":true}}', 400, 'bad_json');
    await refused('{"name":"x","constructor":{"prototype":{"admin":true}}}', 400, 'bad_json');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('invalid UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
    await refused(bytes, 400, 'bad_json');
  });

  it('a 2 MB body, and one just over 16 KB', async () => {
    await refused(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), 413, 'too_large');
    await refused(JSON.stringify({ name: 'x'.repeat(16 * 1024) }), 413, 'too_large');
  });

  it('text/plain, form and multipart bodies', async () => {
    const json = JSON.stringify(validRegistration({ id: 'x', validOptionIndex: 0 }));
    await refused(json, 415, 'unsupported_media_type', { 'content-type': 'text/plain' });
    await refused('name=x&type=1', 415, 'unsupported_media_type', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    await refused(
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--',
      415,
      'unsupported_media_type',
      {
        'content-type': 'multipart/form-data; boundary=b',
      },
    );
  });

  it('a malformed Idempotency-Key', async () => {
    await refused(validRegistration({ id: 'x', validOptionIndex: 0 }), 400, 'idempotency_key', {
      'idempotency-key': 'not-a-uuid',
    });
  });
});

describe('captcha on registration', () => {
  it('a wrong answer is refused and spends the captcha', async () => {
    const session = await openSession(app);
    const captcha = await fetchCaptcha(app, session);
    const before = await stored();
    const wrong = await postRegistration(
      app,
      session,
      validRegistration({ id: captcha.id, validOptionIndex: wrongAnswer(captcha) }),
    );
    expectPersianError(wrong, 400, 'captcha_invalid');
    const right = await postRegistration(
      app,
      session,
      validRegistration({ id: captcha.id, validOptionIndex: solveCaptcha(captcha) }),
    );
    expectPersianError(right, 400, 'captcha_invalid');
    expect(await stored()).toBe(before);
  });

  it('a captcha is spent by its first use', async () => {
    const session = await openSession(app);
    const captcha = await solvedCaptcha(app, session);
    expect((await postRegistration(app, session, validRegistration(captcha))).statusCode).toBe(200);
    const before = await stored();
    expectPersianError(
      await postRegistration(app, session, validRegistration(captcha, { name: 'داروخانه دیگر' })),
      400,
      'captcha_invalid',
    );
    expect(await stored()).toBe(before);
  });

  it('a captcha of another session is refused', async () => {
    const mine = await openSession(app);
    const theirs = await openSession(app);
    const captcha = await solvedCaptcha(app, theirs);
    expectPersianError(await postRegistration(app, mine, validRegistration(captcha)), 400, 'captcha_invalid');
    // ...and is spent, so its owner cannot use it after a thief tried it.
    expectPersianError(await postRegistration(app, theirs, validRegistration(captcha)), 400, 'captcha_invalid');
  });

  it('an unknown captcha id is refused; a missing one is a validation error on the field', async () => {
    const session = await openSession(app);
    expectPersianError(
      await postRegistration(app, session, validRegistration({ id: 'made-up', validOptionIndex: 0 })),
      400,
      'captcha_invalid',
    );
    const missing = await postRegistration(app, session, validRegistration({ validOptionIndex: 0 } as never));
    expectPersianError(missing, 400, 'validation');
    expect(missing.json().error.fields['/captcha/id']).toMatch(/[\u0600-\u06FF]/);
  });

  it('expires after five minutes', async () => {
    let now = Date.parse('2026-03-01T08:00:00Z');
    const clocked = await testApp({}, { clock: () => now });
    try {
      const session = await openSession(clocked);
      const late = await solvedCaptcha(clocked, session);
      const inTime = await solvedCaptcha(clocked, session);
      now += 4 * 60_000 + 59_000;
      expect((await postRegistration(clocked, session, validRegistration(inTime))).statusCode).toBe(200);
      now += 2000;
      expectPersianError(await postRegistration(clocked, session, validRegistration(late)), 400, 'captcha_invalid');
    } finally {
      await clocked.close();
    }
  });
});

describe('idempotency', () => {
  it('the same key twice stores one registration and answers the same', async () => {
    const session = await openSession(app);
    const body = validRegistration(await solvedCaptcha(app, session));
    const key = randomUUID();
    const before = await stored();
    const first = await postRegistration(app, session, body, { 'idempotency-key': key });
    const second = await postRegistration(app, session, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await stored()).toBe(before + 1);
  });

  it('two racing requests with one key store one registration and both get its answer', async () => {
    const session = await openSession(app);
    const body = validRegistration(await solvedCaptcha(app, session));
    const key = randomUUID();
    const before = await stored();
    const [a, b] = await Promise.all([
      postRegistration(app, session, body, { 'idempotency-key': key }),
      postRegistration(app, session, body, { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await stored()).toBe(before + 1);
  });

  it('the same key with another body is a conflict, and stores nothing', async () => {
    const session = await openSession(app);
    const captcha = await solvedCaptcha(app, session);
    const key = randomUUID();
    expect(
      (await postRegistration(app, session, validRegistration(captcha), { 'idempotency-key': key })).statusCode,
    ).toBe(200);
    const before = await stored();
    const other = await postRegistration(app, session, validRegistration(captcha, { name: 'داروخانه دیگر' }), {
      'idempotency-key': key,
    });
    expectPersianError(other, 422, 'idempotency_conflict');
    expect(await stored()).toBe(before);
  });

  it('a replay does not spend a new captcha', async () => {
    const session = await openSession(app);
    const body = validRegistration(await solvedCaptcha(app, session));
    const key = randomUUID();
    await postRegistration(app, session, body, { 'idempotency-key': key });
    const fresh = await solvedCaptcha(app, session);
    // The replay carries the old (spent) captcha and still gets the stored answer...
    expect((await postRegistration(app, session, body, { 'idempotency-key': key })).statusCode).toBe(200);
    // ...and the fresh captcha is still good.
    expect((await postRegistration(app, session, validRegistration(fresh))).statusCode).toBe(200);
  });

  it('after a wrong captcha the same key may be used again with a fresh captcha (nothing was stored under it)', async () => {
    const session = await openSession(app);
    const captcha = await fetchCaptcha(app, session);
    const key = randomUUID();
    const wrong = await postRegistration(
      app,
      session,
      validRegistration({ id: captcha.id, validOptionIndex: wrongAnswer(captcha) }),
      { 'idempotency-key': key },
    );
    expect(wrong.statusCode).toBe(400);
    const retry = await postRegistration(app, session, validRegistration(await solvedCaptcha(app, session)), {
      'idempotency-key': key,
    });
    expect(retry.statusCode).toBe(200);
  });
});
