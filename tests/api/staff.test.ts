import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORED_INTEGER } from '../../src/server/staff/routes/schemas.js';
import { STAFF_PREFIX, requireStaff } from '../../src/server/plugins/staff-auth.js';
import { CASE_ROLES } from '../../src/shared/contracts/staff.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { faConsole } from '../../src/shared/text/console-strings.fa.js';
import { fill } from '../../src/shared/text/persian.js';
import {
  cookiesOf,
  databaseTargets,
  openSession,
  registerOnce,
  testApp,
  type DatabaseTarget,
  type Session,
} from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const targets = await databaseTargets();
const PASSWORD = 'a long enough password';
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const toPersian = (text: string): string => text.replace(/\d/g, (digit) => PERSIAN_DIGITS[Number(digit)]);

interface Registered {
  id: number;
  trackingCode: string;
  mobileNumber: string;
  status: string;
}

describe.each(targets)('staff API on $name', (target: DatabaseTarget) => {
  const routes: RouteOptions[] = [];
  let app: FastifyInstance;
  let anonymous: Session;
  let trackingCode: string;

  async function signIn(
    email: string,
    password = PASSWORD,
    remoteAddress = '127.0.0.1',
  ): Promise<{ response: LightMyRequestResponse; cookie: string; token: string }> {
    const session = await openSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      remoteAddress,
      headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json' },
      payload: { email, password },
    });
    const staff = cookiesOf(response).staff;
    return {
      response,
      cookie: staff === undefined ? session.cookie : `${session.cookie}; staff=${staff}`,
      token: session.token,
    };
  }

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url }, { onRoute: (route) => void routes.push(route) });
    await addStaffAccount(app.database.db, 'agent@example.ir', 'agent', PASSWORD, 0);
    await addStaffAccount(app.database.db, 'admin@example.ir', 'admin', PASSWORD, 0);
    await addStaffAccount(app.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
    // Mistyped in one test: its delay after a failure must not slow the others down.
    await addStaffAccount(app.database.db, 'typo@example.ir', 'agent', PASSWORD, 0);
    const registered = await registerOnce(app);
    expect(registered.statusCode).toBe(200);
    trackingCode = registered.json<{ trackingCode: string }>().trackingCode;
    anonymous = await openSession(app);
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('guards every /api/staff route but sign-in: no session gets 401, whatever the route', async () => {
    const staffRoutes = routes.filter((route) => route.url.startsWith(STAFF_PREFIX) && route.method !== 'HEAD');
    expect(staffRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of staffRoutes) {
      const isPublic = route.config?.staffPublic === true;
      const handlers = [route.preValidation ?? []].flat();
      expect({ url: route.url, guarded: handlers.includes(requireStaff) }).toEqual({
        url: route.url,
        guarded: !isPublic,
      });
      if (isPublic) continue;
      const url = route.url.replace(':id', '1') + (route.url.endsWith('/export') ? '?format=csv' : '');
      const response = await app.inject({
        method: [route.method].flat()[0],
        url,
        headers: { cookie: anonymous.cookie, 'x-xsrf-token': anonymous.token, 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : {},
      });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
    }
    expect(
      staffRoutes.filter((route) => route.config?.staffPublic).map((route) => `${String(route.method)} ${route.url}`),
    ).toEqual(['POST /api/staff/session']);
  });

  it('lets an editor reach no route of the case work: every staff route that does not name the role answers 403', async () => {
    const editor = await signIn('editor@example.ir', PASSWORD, '10.30.0.1');
    expect(editor.response.json()).toMatchObject({ email: 'editor@example.ir', role: 'editor' });
    const caseRoutes = routes.filter(
      (route) =>
        route.url.startsWith(STAFF_PREFIX) &&
        route.url !== '/api/staff/session' &&
        route.method !== 'HEAD' &&
        !(route.config?.staffRoles ?? CASE_ROLES).includes('editor'),
    );
    expect(caseRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of caseRoutes) {
      const url = route.url.replace(':id', '1') + (route.url.endsWith('/export') ? '?format=csv' : '');
      const response = await app.inject({
        method: [route.method].flat()[0],
        url,
        headers: { cookie: editor.cookie, 'x-xsrf-token': editor.token, 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : {},
      });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
  });

  it('a staff write without the anti-forgery header is refused', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { cookie: anonymous.cookie, 'content-type': 'application/json' },
      payload: { email: 'agent@example.ir', password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'csrf' } });
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie, and answers one generic message on failure', async () => {
    const { response } = await signIn('Agent@Example.ir');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: expect.any(Number) as number, email: 'agent@example.ir', role: 'agent' });
    const line = [response.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith('staff='));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Path=\//);
    const wrong = await signIn('typo@example.ir', 'not the password');
    const unknown = await signIn('nobody@example.ir');
    for (const failed of [wrong.response, unknown.response]) {
      expect(failed.statusCode).toBe(401);
      expect(failed.json()).toEqual({ error: { code: 'sign_in_failed', message: fa.errors.sign_in_failed } });
    }
  });

  it('tells a locked sign-in how long to wait, in words and in Retry-After, the same for an unknown e-mail', async () => {
    const lockedAnswers = [];
    for (const email of ['lockme@example.ir', 'nobody-here@example.ir']) {
      // Each from its own address, so only the account's count can hold them back.
      const attempts = await Promise.all(
        Array.from({ length: 8 }, (_, index) => signIn(email, 'not the password', `10.20.0.${index + 1}`)),
      );
      expect(attempts.map((attempt) => attempt.response.statusCode).sort()).toEqual([
        401, 429, 429, 429, 429, 429, 429, 429,
      ]);
      const locked = (await signIn(email, 'not the password')).response;
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      lockedAnswers.push(locked.json());
    }
    const wait = fill(faConsole.staff.waitMinutes, { count: 15 });
    expect(lockedAnswers).toEqual(
      [0, 1].map(() => ({
        error: { code: 'sign_in_locked', message: fill(fa.errors.sign_in_locked, { wait }) },
      })),
    );
  });

  it('finds a registration by tracking code and by a Persian-digit mobile, marks it contacted with a note, and shows the timeline', async () => {
    const agent = await signIn('agent@example.ir');
    const headers = { cookie: agent.cookie, 'x-xsrf-token': agent.token, 'content-type': 'application/json' };
    const byCode = await app.inject({
      url: `/api/staff/registrations?q=${encodeURIComponent(trackingCode.toLowerCase())}`,
      headers,
    });
    expect(byCode.statusCode).toBe(200);
    const [found] = byCode.json<{ total: number; items: Registered[] }>().items;
    expect(found.trackingCode).toBe(trackingCode);
    const byMobile = await app.inject({
      url: `/api/staff/registrations?q=${encodeURIComponent(toPersian(found.mobileNumber))}`,
      headers,
    });
    expect(byMobile.json<{ items: Registered[] }>().items.map((item) => item.id)).toEqual([found.id]);
    const none = await app.inject({ url: '/api/staff/registrations?q=09000000000', headers });
    expect(none.json<{ total: number }>().total).toBe(0);

    const rejectedWithoutReason = await app.inject({
      method: 'POST',
      url: `/api/staff/registrations/${found.id}/status`,
      headers,
      payload: { from: 'new', to: 'rejected' },
    });
    expect(rejectedWithoutReason.statusCode).toBe(400);
    const skipped = await app.inject({
      method: 'POST',
      url: `/api/staff/registrations/${found.id}/status`,
      headers,
      payload: { from: 'new', to: 'approved' },
    });
    expect(skipped.statusCode).toBe(409);
    const contacted = await app.inject({
      method: 'POST',
      url: `/api/staff/registrations/${found.id}/status`,
      headers,
      payload: { from: 'new', to: 'contacted' },
    });
    expect(contacted.statusCode).toBe(204);
    const again = await app.inject({
      method: 'POST',
      url: `/api/staff/registrations/${found.id}/status`,
      headers,
      payload: { from: 'new', to: 'contacted' },
    });
    expect(again.statusCode).toBe(409);
    const note = await app.inject({
      method: 'POST',
      url: `/api/staff/registrations/${found.id}/notes`,
      headers,
      payload: { body: 'تماس گرفته شد؛ فردا پیگیری شود.' },
    });
    expect(note.statusCode).toBe(204);

    const page = (await app.inject({ url: `/api/staff/registrations/${found.id}`, headers })).json<{
      status: string;
      notes: Array<{ body: string; author: string }>;
      timeline: Array<{ action: string; actor: string }>;
      next: string[];
    }>();
    expect(page.status).toBe('contacted');
    expect(page.next).toEqual(['approved', 'rejected']);
    expect(page.notes).toMatchObject([{ body: 'تماس گرفته شد؛ فردا پیگیری شود.', author: 'agent@example.ir' }]);
    expect(page.timeline.map((event) => event.action)).toEqual(['status', 'note']);
    const filtered = await app.inject({ url: '/api/staff/registrations?status=new', headers });
    expect(filtered.json<{ items: Registered[] }>().items.map((item) => item.id)).not.toContain(found.id);
  });

  it('refuses numbers past what a column holds with 400, never 500, and takes the largest that fits', async () => {
    const agent = await signIn('agent@example.ir');
    const admin = await signIn('admin@example.ir');
    const tooLarge = MAX_STORED_INTEGER + 1;
    const queries = [
      ...['provinceId', 'cityId', 'tier', 'type', 'service', 'page'].map((name) => `?${name}=${tooLarge}`),
      '?assignee=9999999999',
    ];
    for (const query of queries) {
      const list = await app.inject({ url: `/api/staff/registrations${query}`, headers: { cookie: agent.cookie } });
      expect(list.statusCode, query).toBe(400);
      if (query.startsWith('?page')) continue;
      const file = await app.inject({ url: `/api/staff/export${query}&format=csv`, headers: { cookie: admin.cookie } });
      expect(file.statusCode, `export ${query}`).toBe(400);
    }
    const one = await app.inject({ url: `/api/staff/registrations/${tooLarge}`, headers: { cookie: agent.cookie } });
    expect(one.statusCode).toBe(400);
    const fits = await app.inject({
      url: `/api/staff/registrations?provinceId=${MAX_STORED_INTEGER}&assignee=999999999`,
      headers: { cookie: agent.cookie },
    });
    expect(fits.statusCode).toBe(200);
    const largest = await app.inject({
      url: `/api/staff/registrations/${MAX_STORED_INTEGER}`,
      headers: { cookie: agent.cookie },
    });
    expect(largest.statusCode).toBe(404);
  });

  it("gives the filters' choices from schemas/, and each filter narrows the list", async () => {
    const agent = await signIn('agent@example.ir');
    const headers = { cookie: agent.cookie };
    const filters = await app.inject({ url: '/api/staff/filters', headers });
    expect(filters.statusCode).toBe(200);
    const choices =
      filters.json<Record<'tier' | 'type' | 'service', { title: string; choices: Array<{ id: number }> }>>();
    const schema = app.definitions.live().registrationSchema as {
      properties: Record<string, { title: string; oneOf: Array<{ const: number }> }>;
    };
    for (const name of ['type', 'service'] as const) {
      expect(choices[name].title).toBe(schema.properties[name].title);
      expect(choices[name].choices.map((choice) => choice.id)).toEqual(
        schema.properties[name].oneOf.map((option) => option.const),
      );
    }
    expect(choices.tier.choices.map((choice) => choice.id)).toEqual(
      app.definitions.live().registerConfig.tiers.map((tier) => tier.id),
    );

    const row = await app.database.db
      .selectFrom('registrations')
      .selectAll()
      .where('tracking_code', '=', trackingCode)
      .executeTakeFirstOrThrow();
    const ids = async (query: string) => {
      const answer = await app.inject({ url: `/api/staff/registrations?${query}`, headers });
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(200);
      return answer.json<{ items: Registered[] }>().items.map((item) => item.id);
    };
    const other = (name: 'tier' | 'type' | 'service', value: number) =>
      choices[name].choices.find((choice) => choice.id !== value)!.id;
    const created = new Date(row.created_at).getTime();
    const day = 86_400_000;
    const matching = [
      `tier=${row.tier}`,
      `type=${row.type}`,
      `service=${row.service}`,
      `provinceId=${row.province_id}`,
      `cityId=${row.city_id}`,
      `from=${new Date(created - day).toISOString()}&to=${new Date(created + day).toISOString()}`,
    ];
    const missing = [
      `tier=${other('tier', row.tier)}`,
      `type=${other('type', row.type)}`,
      `service=${other('service', row.service)}`,
      `provinceId=${row.province_id + 1}`,
      `cityId=${row.city_id + 1}`,
      `from=${new Date(created + 1).toISOString()}`,
      `to=${new Date(created).toISOString()}`,
    ];
    const together = matching.join('&');
    // Part of the name, through the trigram index (three letters or more) and without it (two).
    const name = row.pharmacy_name;
    matching.push(`q=${encodeURIComponent(name.slice(2, 9))}`, `q=${encodeURIComponent(name.slice(-2))}`);
    missing.push(`q=${encodeURIComponent(`${name.slice(2, 9)}ژژژ`)}`);
    for (const query of matching) expect(await ids(query), query).toContain(row.id);
    for (const query of missing) expect(await ids(query), query).not.toContain(row.id);
    expect(await ids(together)).toContain(row.id);
  });

  it('flags a second registration with the same national code as a possible duplicate', async () => {
    expect((await registerOnce(app)).statusCode).toBe(200);
    const agent = await signIn('agent@example.ir');
    const list = (
      await app.inject({
        url: '/api/staff/registrations?sort=created_at&direction=asc',
        headers: { cookie: agent.cookie },
      })
    ).json<{ items: Registered[] }>();
    expect(list.items.length).toBe(2);
    const page = (
      await app.inject({ url: `/api/staff/registrations/${list.items[1].id}`, headers: { cookie: agent.cookie } })
    ).json<{ duplicates: Array<{ id: number; reasons: string[] }> }>();
    expect(page.duplicates).toEqual([
      {
        id: list.items[0].id,
        trackingCode: expect.any(String),
        pharmacyName: expect.any(String),
        status: 'contacted',
        reasons: expect.arrayContaining(['national_code', 'mobile_number']),
      },
    ]);
  });

  it('shows every answer as the review step reads it (names, titles, بله/خیر, one position), from the definition version it was submitted under', async () => {
    const agent = await signIn('agent@example.ir');
    const [first] = (
      await app.inject({
        url: '/api/staff/registrations?sort=created_at&direction=asc',
        headers: { cookie: agent.cookie },
      })
    ).json<{ items: Registered[] }>().items;
    const answersOf = async () =>
      (await app.inject({ url: `/api/staff/registrations/${first.id}`, headers: { cookie: agent.cookie } })).json<{
        answers: Array<{ path: string; title: string; value: string }>;
      }>().answers;
    const current = await answersOf();
    const byPath = (answers: typeof current) => new Map(answers.map((answer) => [answer.path, answer]));
    const schema = app.definitions.live().registrationSchema as {
      properties: Record<string, { title: string; oneOf?: Array<{ const: number; title: string }> }>;
    };
    const row = await app.database.db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const answers = byPath(current);
    const titleOf = (field: 'type' | 'service', value: number) =>
      schema.properties[field].oneOf?.find((option) => option.const === value)?.title;
    expect(answers.get('/name')).toEqual({
      path: '/name',
      title: schema.properties.name.title,
      value: row.pharmacy_name,
    });
    expect(answers.get('/type')?.value).toBe(titleOf('type', row.type));
    expect(answers.get('/service')?.value).toBe(titleOf('service', row.service));
    expect(answers.get('/tier')?.value).toBe(
      app.definitions.live().registerConfig.tiers.find((t) => t.id === row.tier)?.title,
    );
    // Kashan in Isfahan (tests/fixtures/locations.json), never «شهر: 203».
    expect(answers.get('/cityId')?.value).toBe('کاشان');
    expect(answers.get('/provinceId')?.value).toBe('اصفهان');
    expect(answers.get('/hasDavajoo')?.value).toBe(fa.ui.review.yes);
    // The position is one item, latitude with longitude, in the review step's words and digits.
    expect(answers.get('/latitude')?.value).toBe(
      fill(fa.ui.review.position, { latitude: row.latitude.toFixed(5), longitude: row.longitude.toFixed(5) }),
    );
    expect(answers.has('/longitude')).toBe(false);
    expect(answers.get('/adminData/nationalCode')?.value).toBe(toPersian(row.national_code));
    expect(current.some((answer) => /captcha|acceptTerms|selectedState/.test(answer.path))).toBe(false);
    expect(current.every((answer) => !/^\d+$/.test(answer.value))).toBe(true);

    // Submitted under an older definition whose name field had another title: that title shows.
    const old = { type: 'object', properties: { name: { type: 'string', title: 'عنوان قدیمی نام' } } };
    await app.database.db
      .insertInto('definition_versions')
      .values({ version: 'old-version', registration_schema: JSON.stringify(old), first_served_at: 0 })
      .execute();
    await app.database.db
      .updateTable('registrations')
      .set({ definition_version: 'old-version' })
      .where('id', '=', first.id)
      .execute();
    const before = byPath(await answersOf());
    expect(before.get('/name')).toEqual({ path: '/name', title: 'عنوان قدیمی نام', value: row.pharmacy_name });
    // A field the old definition did not know still shows, under its key.
    expect(before.get('/type')?.title).toBe('type');
    await app.database.db
      .updateTable('registrations')
      .set({ definition_version: row.definition_version })
      .where('id', '=', first.id)
      .execute();
  });

  it('lets admins export (CSV with BOM, JSON) and read the audit log; agents get 403', async () => {
    const agent = await signIn('agent@example.ir');
    expect(
      (await app.inject({ url: '/api/staff/export?format=csv', headers: { cookie: agent.cookie } })).statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/api/staff/audit', headers: { cookie: agent.cookie } })).statusCode).toBe(403);
    const admin = await signIn('admin@example.ir');
    const csv = await app.inject({
      url: '/api/staff/export?format=csv&status=contacted',
      headers: { cookie: admin.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFid,tracking_code,status')).toBe(true);
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    const json = await app.inject({ url: '/api/staff/export?format=json', headers: { cookie: admin.cookie } });
    expect(json.json<unknown[]>()).toHaveLength(2);
    const audit = (await app.inject({ url: '/api/staff/audit', headers: { cookie: admin.cookie } })).json<{
      events: Array<{ action: string; actor: string }>;
    }>();
    expect(audit.events.slice(0, 2).map((event) => event.action)).toEqual(['export', 'export']);
    expect(audit.events.some((event) => event.action === 'sign_in' && event.actor === 'agent@example.ir')).toBe(true);
  });

  it('sign-out revokes the session on the server', async () => {
    const agent = await signIn('agent@example.ir');
    const out = await app.inject({
      method: 'DELETE',
      url: '/api/staff/session',
      headers: { cookie: agent.cookie, 'x-xsrf-token': agent.token },
    });
    expect(out.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/staff/session', headers: { cookie: agent.cookie } })).statusCode).toBe(401);
  });
});

describe('the staff session cookie in production', () => {
  it('is __Host-staff, Secure, HttpOnly and SameSite=Strict', async () => {
    const production = await testApp({ NODE_ENV: 'production' });
    try {
      await addStaffAccount(production.database.db, 'agent@example.ir', 'agent', PASSWORD, 0);
      const opened = await production.inject({ url: '/api/health' });
      const cookies = cookiesOf(opened);
      const cookie = Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
      const response = await production.inject({
        method: 'POST',
        url: '/api/staff/session',
        headers: { cookie, 'x-xsrf-token': cookies['XSRF-TOKEN'], 'content-type': 'application/json' },
        payload: { email: 'agent@example.ir', password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const line = [response.headers['set-cookie']].flat().find((header) => header?.startsWith('__Host-staff='));
      expect(line).toBeDefined();
      for (const attribute of [/; Secure/, /; HttpOnly/, /; SameSite=Strict/, /; Path=\//])
        expect(line).toMatch(attribute);
      expect(line).not.toMatch(/Domain=/);
    } finally {
      await production.close();
    }
  });
});
