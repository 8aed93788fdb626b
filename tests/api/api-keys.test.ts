import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationPaths } from '../../src/shared/contracts/integrations.js';
import type { ApiKeyCreated, ApiKeySummary } from '../../src/shared/contracts/integrations.schemas.js';
import type { AuditAnswer, CaseDetail, CasePage } from '../../src/shared/contracts/staff.schemas.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { fill } from '../../src/shared/text/persian.js';
import { MAX_STORED_INTEGER } from '../../src/server/staff/routes/schemas.js';
import { serviceUrl } from '../services.js';
import { moveStatus, testClock } from './followup-helpers.js';
import {
  databaseTargets,
  registerOnce,
  signInStaff,
  testApp,
  type DatabaseTarget,
  type StaffSession,
} from './helpers.js';
import { addStaffAccount } from './staff-account.js';

// A file, not memory: the revocation test opens a second app on the same database.
const targets = await databaseTargets(`sqlite:${join(mkdtempSync(join(tmpdir(), 'api-keys-')), 'app.db')}`);
const PASSWORD = 'a long enough password';
const KEY_SHAPE = /^prk_[0-9A-Za-z]{43}$/;

interface ReaderPage {
  items: Array<{ id: number; trackingCode: string; status: string; updatedAt: string; definitionVersion: string }>;
  nextCursor: string | null;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(targets)('API keys on $name', (target: DatabaseTarget) => {
  const clock = testClock();
  const apps: FastifyInstance[] = [];
  let app: FastifyInstance;
  let admin: StaffSession;
  let agent: StaffSession;
  let editor: StaffSession;

  async function newApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
    const made = await testApp({ DATABASE_URL: target.url, ...env }, { clock: clock.now });
    apps.push(made);
    return made;
  }

  function makeKey(as: StaffSession, body: unknown, on = app): Promise<LightMyRequestResponse> {
    return on.inject({
      method: 'POST',
      url: integrationPaths.apiKeys,
      headers: as.headers,
      payload: JSON.stringify(body),
    });
  }

  async function newKey(name = 'CRM', on = app): Promise<ApiKeyCreated> {
    const response = await makeKey(admin, { name, scopes: ['registrations:read'] }, on);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiKeyCreated>();
  }

  function revoke(as: StaffSession, id: number, on = app): Promise<LightMyRequestResponse> {
    const headers = { cookie: as.cookie, 'x-xsrf-token': as.token };
    return on.inject({ method: 'DELETE', url: `/api/staff/api-keys/${id}`, headers });
  }

  function read(key: string, query = '', on = app): Promise<LightMyRequestResponse> {
    return on.inject({ url: `${integrationPaths.v1Registrations}${query}`, headers: bearer(key) });
  }

  async function readAll(key: string, filters: string): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const query = `?limit=2${filters}${cursor === null ? '' : `&cursor=${cursor}`}`;
      const response = await read(key, query);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<ReaderPage>();
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    return ids;
  }

  async function register(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      clock.advance(1000);
      const response = await registerOnce(app);
      expect(response.statusCode, response.body).toBe(200);
      const { trackingCode } = response.json<{ trackingCode: string }>();
      const row = await app.database.db
        .selectFrom('registrations')
        .select('id')
        .where('tracking_code', '=', trackingCode)
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  beforeAll(async () => {
    app = await newApp();
    for (const role of ['admin', 'agent', 'editor'] as const)
      await addStaffAccount(app.database.db, `${role}@example.ir`, role, PASSWORD, 0);
    admin = await signInStaff(app, 'admin@example.ir', PASSWORD);
    agent = await signInStaff(app, 'agent@example.ir', PASSWORD);
    editor = await signInStaff(app, 'editor@example.ir', PASSWORD);
    await register(5);
  });
  afterAll(async () => {
    await Promise.all(apps.map((made) => made.close()));
    await target.drop();
  });

  it('admins make a key, shown once; only its SHA-256 and first characters are kept', async () => {
    const first = await newKey('سامانهٔ داروخانه');
    const second = await newKey('CRM');
    expect(first.key).toMatch(KEY_SHAPE);
    expect(second.key).toMatch(KEY_SHAPE);
    expect(second.key).not.toBe(first.key);

    const row = await app.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256(first.key));
    expect(row.prefix).toBe(first.key.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(first.key.slice(12));

    const listed = await app.inject({ url: integrationPaths.apiKeys, headers: { cookie: admin.cookie } });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(first.key.slice(12));
    expect(listed.json<ApiKeySummary[]>().find((key) => key.id === first.id)).toEqual({
      id: first.id,
      name: 'سامانهٔ داروخانه',
      scopes: ['registrations:read'],
      prefix: first.key.slice(0, 12),
      createdAt: new Date(clock.now()).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });

    const audit = await app.inject({ url: '/api/staff/audit', headers: { cookie: admin.cookie } });
    const made = audit.json<AuditAnswer>().events.filter((event) => event.action === 'api_key_create');
    expect(made.map((event) => event.detail)).toEqual(
      expect.arrayContaining([
        { name: 'سامانهٔ داروخانه', prefix: first.key.slice(0, 12), scopes: ['registrations:read'] },
      ]),
    );
    expect(audit.body).not.toContain(first.key.slice(12));
  });

  it('only admins manage keys, writes need the anti-forgery header, and bad bodies are refused', async () => {
    const { id } = await newKey();
    for (const colleague of [agent, editor]) {
      expect((await makeKey(colleague, { name: 'x', scopes: ['registrations:read'] })).statusCode).toBe(403);
      expect(
        (await app.inject({ url: integrationPaths.apiKeys, headers: { cookie: colleague.cookie } })).statusCode,
      ).toBe(403);
      expect((await revoke(colleague, id)).statusCode).toBe(403);
    }
    const unforged = await app.inject({
      method: 'POST',
      url: integrationPaths.apiKeys,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', scopes: ['registrations:read'] }),
    });
    expect(unforged.json()).toMatchObject({ error: { code: 'csrf' } });
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['registrations:write'] },
      { name: '   ', scopes: ['registrations:read'] },
      { scopes: ['registrations:read'] },
      { name: 'x'.repeat(101), scopes: ['registrations:read'] },
      { name: 'x', scopes: ['registrations:read', 'registrations:read'] },
    ])
      expect((await makeKey(admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await makeKey(admin, { name: 'x'.repeat(100), scopes: ['registrations:read'] })).statusCode).toBe(201);
    expect((await revoke(admin, 999_999)).statusCode).toBe(404);
    const keys = await app.database.db.selectFrom('api_keys').select('revoked_at').where('id', '=', id).execute();
    expect(keys).toEqual([{ revoked_at: null }]);
  });

  it('a key reads registrations; last use is written at most once a minute', async () => {
    const { id, key } = await newKey();
    const lastUsed = async () =>
      (await app.inject({ url: integrationPaths.apiKeys, headers: { cookie: admin.cookie } }))
        .json<ApiKeySummary[]>()
        .find((listed) => listed.id === id)?.lastUsedAt;
    const response = await read(key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json<ReaderPage>().items.length).toBeGreaterThanOrEqual(5);
    const firstUse = new Date(clock.now()).toISOString();
    expect(await lastUsed()).toBe(firstUse);
    clock.advance(59_000);
    expect((await read(key)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(firstUse);
    clock.advance(1000);
    expect((await read(key)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(new Date(clock.now()).toISOString());
  });

  it('refuses a missing, wrong or malformed key and a staff cookie with 401 in Persian', async () => {
    const { key } = await newKey();
    const wrong = `prk_${'A'.repeat(43)}`;
    const attempts = [
      {},
      bearer(wrong),
      bearer(`${key}x`),
      { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` },
      { cookie: admin.cookie },
      { cookie: admin.cookie, 'x-xsrf-token': admin.token },
    ];
    for (const headers of attempts) {
      for (const url of [integrationPaths.v1Registrations, '/api/v1/registrations/1']) {
        const refused = await app.inject({ url, headers });
        expect(refused.statusCode, JSON.stringify(headers)).toBe(401);
        expect(refused.json()).toEqual({ error: { code: 'api_key_invalid', message: fa.errors.api_key_invalid } });
        expect(refused.headers['www-authenticate']).toMatch(/^Bearer /);
      }
    }
  });

  it('a key opens no staff route', async () => {
    const { key } = await newKey();
    for (const url of [
      '/api/staff/registrations',
      '/api/staff/registrations/1',
      integrationPaths.apiKeys,
      '/api/staff/audit',
    ]) {
      const refused = await app.inject({ url, headers: bearer(key) });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
  });

  it('a key without the scope is refused with 403', async () => {
    const key = `prk_${'s'.repeat(43)}`;
    await app.database.db
      .insertInto('api_keys')
      .values({
        name: 'no scope',
        scopes: '[]',
        key_hash: sha256(key),
        prefix: key.slice(0, 12),
        created_at: clock.now(),
        last_used_at: null,
        revoked_at: null,
        created_by: null,
      })
      .execute();
    const refused = await read(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('revoked in one process, refused by another on the same database within a second', async () => {
    const other = await newApp();
    const { id, key } = await newKey();
    expect((await read(key, '', other)).statusCode).toBe(200);
    const revoked = await revoke(admin, id);
    expect(revoked.statusCode).toBe(204);
    const start = performance.now();
    const refused = await read(key, '', other);
    expect(refused.statusCode).toBe(401);
    expect(performance.now() - start).toBeLessThan(1000);
    expect((await read(key)).statusCode).toBe(401);
    // Revoking again changes nothing and is not audited twice.
    expect((await revoke(admin, id)).statusCode).toBe(204);
    const audit = await app.inject({ url: '/api/staff/audit', headers: { cookie: admin.cookie } });
    const prefix = key.slice(0, 12);
    const revocations = audit
      .json<AuditAnswer>()
      .events.filter((event) => event.action === 'api_key_revoke' && event.detail?.prefix === prefix);
    expect(revocations).toHaveLength(1);
    expect(revocations[0].actor).toBe('admin@example.ir');
  });

  it('the cursor walks every registration exactly once, even with registrations made between pages', async () => {
    const { key } = await newKey();
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await read(key, `?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<ReaderPage>();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
      // A registration made while the reader is between pages.
      if (pages <= 3) await register(1);
    } while (cursor !== null);
    const all = await app.database.db.selectFrom('registrations').select('id').orderBy('id').execute();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all.map((row) => row.id));
    expect(pages).toBeGreaterThan(3);

    for (const bad of [
      'nonsense',
      Buffer.from('r1:0').toString('base64url'),
      Buffer.from('r2:5').toString('base64url'),
    ]) {
      const refused = await read(key, `?cursor=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toEqual({ error: { code: 'bad_cursor', message: fa.errors.bad_cursor } });
    }
  });

  it('updated_since keeps the cases made or moved since; the filters are the console list’s', async () => {
    const { key } = await newKey();
    const [early, moved] = await register(2);
    clock.advance(60_000);
    const since = new Date(clock.now()).toISOString();
    expect((await moveStatus(app, admin, moved, { from: 'new', to: 'contacted' })).statusCode).toBe(204);
    const [late] = await register(1);

    const changed = await readAll(key, `&updated_since=${encodeURIComponent(since)}`);
    expect(changed).toEqual([moved, late]);
    const sameInstant = await readAll(key, `&updated_since=${encodeURIComponent(since.replace('.000Z', '+00:00'))}`);
    expect(sameInstant).toEqual([moved, late]);
    const page = (await read(key, `?updated_since=${encodeURIComponent(since)}`)).json<ReaderPage>();
    expect(page.items[0]).toMatchObject({ id: moved, status: 'contacted', updatedAt: since });
    expect(changed).not.toContain(early);

    const detail = (
      await app.inject({ url: `/api/staff/registrations/${late}`, headers: { cookie: admin.cookie } })
    ).json<CaseDetail>();
    const filterSets = [
      'status=contacted',
      'status=new',
      `q=${detail.trackingCode}`,
      `q=${detail.nationalCode}`,
      `provinceId=${detail.provinceId}`,
      `cityId=${detail.cityId + 1}`,
      `tier=${detail.tier}`,
      `from=${encodeURIComponent(since)}`,
      `to=${encodeURIComponent(since)}`,
      'assignee=none',
    ];
    for (const filters of filterSets) {
      const console = await app.inject({
        url: `/api/staff/registrations?${filters}&pageSize=100&sort=created_at&direction=asc`,
        headers: { cookie: admin.cookie },
      });
      expect(console.statusCode, filters).toBe(200);
      const expected = console.json<CasePage>().items.map((item) => item.id);
      expect(await readAll(key, `&${filters}`), filters).toEqual(expected);
    }
    expect(await readAll(key, '&status=contacted')).toContain(moved);
    expect((await read(key, '?assignee=me')).statusCode).toBe(400);
  });

  it('names a case’s colleague by id and a display name only, never by e-mail address or role', async () => {
    const { key } = await newKey();
    const [id] = await register(1);
    const agentId = (
      await app.database.db
        .selectFrom('staff_accounts')
        .select('id')
        .where('email', '=', 'agent@example.ir')
        .executeTakeFirstOrThrow()
    ).id;
    const assigned = await app.inject({
      method: 'PUT',
      url: `/api/staff/registrations/${id}/assignee`,
      headers: admin.headers,
      payload: JSON.stringify({ from: null, to: agentId }),
    });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    const expected = { id: agentId, name: fill(fa.integrations.assigneeName, { number: agentId }) };
    expect(expected.name).toMatch(/^کارشناس [۰-۹]+$/);

    const list = await read(key, `?assignee=${agentId}`);
    expect(list.statusCode).toBe(200);
    const item = list.json<{ items: Array<{ id: number; assignee: unknown }> }>().items.find((row) => row.id === id);
    expect(item?.assignee).toEqual(expected);
    const detail = await app.inject({ url: `/api/v1/registrations/${id}`, headers: bearer(key) });
    expect(detail.json<{ assignee: unknown }>().assignee).toEqual(expected);
    for (const body of [list.body, detail.body]) {
      expect(body).not.toContain('@example.ir');
      expect(body).not.toContain('"role"');
      expect(body).not.toContain('"email"');
    }
    // The OpenAPI document says the same: no e-mail or role under /api/v1/.
    const document = (await app.inject({ url: '/api/openapi.json' })).body;
    const v1Assignee = JSON.stringify(JSON.parse(document)).match(/"assignee":\{"anyOf":\[\{[^\]]*\]/g) ?? [];
    expect(v1Assignee.some((schema) => schema.includes('"name"') && !schema.includes('"email"'))).toBe(true);
  });

  it('refuses numbers past what a column holds with 400, on both databases, never 500', async () => {
    const { key } = await newKey();
    const tooLarge = MAX_STORED_INTEGER + 1;
    const cursor = Buffer.from(`r1:${tooLarge}`).toString('base64url');
    const queries = [
      ...['provinceId', 'cityId', 'tier', 'type', 'service'].map((name) => `?${name}=${tooLarge}`),
      '?assignee=9999999999',
      `?cursor=${cursor}`,
      `?cursor=${'a'.repeat(101)}`,
      `?q=${'a'.repeat(101)}`,
      '?limit=101',
      '?limit=0',
    ];
    for (const query of queries) expect((await read(key, query)).statusCode, query).toBe(400);
    const one = await app.inject({ url: `/api/v1/registrations/${tooLarge}`, headers: bearer(key) });
    expect(one.statusCode).toBe(400);
    expect((await revoke(admin, tooLarge)).statusCode).toBe(400);
    // The largest that fits is a plain miss.
    expect((await read(key, `?provinceId=${MAX_STORED_INTEGER}`)).statusCode).toBe(200);
    const largest = await app.inject({ url: `/api/v1/registrations/${MAX_STORED_INTEGER}`, headers: bearer(key) });
    expect(largest.statusCode).toBe(404);
  });

  it('one registration: the answers as the console words them, the raw values and the version', async () => {
    const { key } = await newKey();
    const [id] = await register(1);
    const response = await app.inject({ url: `/api/v1/registrations/${id}`, headers: bearer(key) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{
      id: number;
      definitionVersion: string;
      answers: CaseDetail['answers'];
      values: Record<string, unknown>;
    }>();
    const console = (
      await app.inject({ url: `/api/staff/registrations/${id}`, headers: { cookie: admin.cookie } })
    ).json<CaseDetail>();
    expect(answer.answers).toEqual(console.answers);
    expect(answer.answers.length).toBeGreaterThan(5);
    expect(answer.definitionVersion).toBe(console.definitionVersion);
    const row = await app.database.db
      .selectFrom('registrations')
      .select('payload')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(answer.values).toEqual(JSON.parse(row.payload));
    expect((await app.inject({ url: '/api/v1/registrations/999999', headers: bearer(key) })).statusCode).toBe(404);
  });

  it('limits each key: of many parallel requests exactly the limit pass, and another key is not affected', async () => {
    const limited = await newApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '5' });
    const first = await newKey('first', limited);
    const second = await newKey('second', limited);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2
          ? read(first.key, '?limit=1', limited)
          : limited.inject({ url: '/api/v1/registrations/1', headers: bearer(first.key) }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 200 || status === 404)).toBe(true);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: fa.errors.rate_limited } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // In sequence too: the other key has its own five, then is refused as well.
    for (let i = 0; i < 5; i += 1) expect((await read(second.key, '?limit=1', limited)).statusCode).toBe(200);
    expect((await read(second.key, '?limit=1', limited)).statusCode).toBe(429);
    // A wrong key is refused for what it is, and counts against nobody's budget.
    expect((await read(`prk_${'w'.repeat(43)}`, '', limited)).statusCode).toBe(401);
  });
  it('limits wrong keys per client address: of 130 sent at once exactly the limit get 401, the rest 429', async () => {
    const limited = await newApp({ RATE_LIMIT_API_KEY_FAILURES_PER_HOUR: '10' });
    const live = await newKey('behind the same address', limited);
    const guesser = '2001:db8:77:1::5';
    const wrongKeys = [
      ...Array.from({ length: 120 }, (_, index) => `Bearer prk_${String(index).padStart(43, 'x')}`),
      ...Array.from({ length: 10 }, (_, index) => (index % 2 ? 'Basic abc' : `Bearer ${'%'.repeat(index + 1)}`)),
    ];
    const answers = await Promise.all(
      wrongKeys.map((authorization, index) =>
        limited.inject({
          url: index % 3 ? integrationPaths.v1Registrations : '/api/v1/registrations/1',
          headers: { authorization },
          // Every address of the same /64 counts as one client.
          remoteAddress: `2001:db8:77:1::${(index + 1).toString(16)}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(120);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: fa.errors.rate_limited } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);

    // In sequence too, and without any header at all.
    expect((await limited.inject({ url: integrationPaths.v1Registrations, remoteAddress: guesser })).statusCode).toBe(
      429,
    );
    // A live key from the same address still reads; another address has its own count.
    const reading = await limited.inject({
      url: integrationPaths.v1Registrations,
      headers: bearer(live.key),
      remoteAddress: guesser,
    });
    expect(reading.statusCode).toBe(200);
    const elsewhere = await limited.inject({
      url: integrationPaths.v1Registrations,
      headers: bearer(`prk_${'y'.repeat(43)}`),
      remoteAddress: '2001:db8:77:2::1',
    });
    expect(elsewhere.statusCode).toBe(401);
    // The next hour starts afresh.
    clock.advance(3_600_000);
    const later = await limited.inject({ url: integrationPaths.v1Registrations, remoteAddress: guesser });
    expect(later.statusCode).toBe(401);
  });

  const redisUrl = serviceUrl('TEST_REDIS_URL', "The shared per-key limit's test");
  it.skipIf(!redisUrl)('with REDIS_URL two processes share one budget per key', async () => {
    const env = { RATE_LIMIT_API_KEY_PER_MINUTE: '4', REDIS_URL: redisUrl ?? '' };
    const [one, two] = [await newApp(env), await newApp(env)];
    // An id of this run only, so the counters of earlier runs in the same minute do not interfere.
    const id = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const key = `prk_${String(id).padStart(43, 'k')}`;
    await app.database.db
      .insertInto('api_keys')
      .values({
        id,
        name: 'shared',
        scopes: JSON.stringify(['registrations:read']),
        key_hash: sha256(key),
        prefix: key.slice(0, 12),
        created_at: clock.now(),
        last_used_at: null,
        revoked_at: null,
        created_by: null,
      })
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => read(key, '?limit=1', index % 2 ? one : two)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(4).fill(200), ...Array<number>(8).fill(429)]);
  });
});
