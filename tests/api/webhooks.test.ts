import type { LookupAddress } from 'node:dns';
import { mkdtempSync, rmSync } from 'node:fs';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimDueMessages } from '../../src/server/webhooks/message.repository.js';
import { isPublicAddress, refusedUrl } from '../../src/server/webhooks/address-check.js';
import { SecretBox } from '../../src/server/webhooks/webhook-crypto.js';
import { DELIVERIES_PER_ENDPOINT, RETRY_SCHEDULE_MS } from '../../src/server/webhooks/webhook.worker.js';
import {
  MAX_WEBHOOK_ENDPOINTS,
  MAX_WEBHOOK_HEADERS,
  integrationPaths,
  type WebhookPayload,
} from '../../src/shared/contracts/integrations.js';
import type {
  WebhookCreated,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookTestAnswer,
} from '../../src/shared/contracts/integrations.schemas.js';
import type { AuditAnswer } from '../../src/shared/contracts/staff.schemas.js';
import { webhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { moveStatus, registrationId, staffSession, testClock, type StaffSession } from './followup-helpers.js';
import { databaseTargets, registerOnce, testApp, type DatabaseTarget } from './helpers.js';

const folder = mkdtempSync(join(tmpdir(), 'webhooks-'));
// A file, not :memory:, so that a second app (another process) works on the same database.
const targets = await databaseTargets(`sqlite:${join(folder, 'webhooks.db')}`);
const TIMEOUT_MS = 400;
const HEADER_VALUE = 'Bearer gateway-token-0123456789';

const at = (path: string, ids: Record<string, number>) =>
  Object.entries(ids).reduce((url, [name, value]) => url.replace(`:${name}`, String(value)), path);

/** A resolver that answers every name with the given addresses, one answer per call, the last one kept. */
function stubLookup(...answers: string[]): LookupFunction {
  let call = 0;
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const address = answers[Math.min(call, answers.length - 1)];
    call += 1;
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }] satisfies LookupAddress[]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/**
 * Verifies as a receiver does, on the receiver's clock set to when the event was signed: the
 * library refuses a timestamp five minutes away from its clock, and these tests move ours by hours.
 */
function verified(request: ReceivedRequest, secret: string): WebhookPayload {
  vi.useFakeTimers({ toFake: ['Date'], now: Number(request.headers['webhook-timestamp']) * 1000 });
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as WebhookPayload;
  } finally {
    vi.useRealTimers();
  }
}

/** Waits for what the server's own timers bring about; a generous bound, not a measure of speed. */
async function until(condition: () => boolean, boundMs = 20_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never came true');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(targets)('signed webhooks on $name', (target: DatabaseTarget) => {
  const clock = testClock();
  const lines: string[] = [];
  let receiver: WebhookReceiver;
  let app: FastifyInstance;
  let admin: StaffSession;

  const open = (env: Record<string, string> = {}, lookup?: LookupFunction) =>
    testApp(
      { DATABASE_URL: target.url, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), ...env },
      {
        clock: clock.now,
        logger: { stream: { write: (line) => void lines.push(line) }, level: 'info' },
        webhookLookup: lookup,
      },
    );
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    owner = app,
    staff = admin,
  ): Promise<LightMyRequestResponse> =>
    owner.inject({
      method,
      url,
      headers: {
        cookie: staff.cookie,
        'x-xsrf-token': staff.token,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const create = async (body: Record<string, unknown> = {}, owner = app): Promise<WebhookCreated> => {
    const response = await call(
      'POST',
      integrationPaths.webhooks,
      { url: receiver.url, description: 'حساب داروخانه', events: ['registration.created'], ...body },
      owner,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookCreated>();
  };
  const remove = (id: number) => call('DELETE', at(integrationPaths.webhook, { id }));
  const drain = async (owner = app) => {
    while ((await owner.webhooks.worker.runOnce()) > 0);
  };
  const register = async (owner = app) => {
    const response = await registerOnce(owner);
    expect(response.statusCode).toBe(200);
    return registrationId(owner, response.json<{ trackingCode: string }>().trackingCode);
  };
  const messagesOf = (endpointId: number) =>
    app.database.db
      .selectFrom('webhook_messages')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    receiver = await webhookReceiver();
    app = await open();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
    await target.drop();
  });
  beforeEach(async () => {
    // Tests move the clock by hours: a fresh session each time, as a colleague signs in again.
    admin = await staffSession(app, 'admin');
    receiver.received.length = 0;
    receiver.otherwise({ status: 200, body: 'ok' });
    // Each test starts with no endpoint: earlier ones must not receive its events.
    for (const endpoint of (await call('GET', integrationPaths.webhooks)).json<WebhookEndpoint[]>())
      await remove(endpoint.id);
  });

  it('signs each event as the receivers’ library verifies it, with the custom headers, and shows the secret only once', async () => {
    const { id, secret } = await create({ headers: { Authorization: HEADER_VALUE } });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const registration = await register();
    await drain();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const payload = verified(request, secret);
    expect(payload).toMatchObject({
      type: 'registration.created',
      data: { id: registration, status: 'new', definitionVersion: app.definitions.live().version },
    });
    expect(Object.keys(payload.data).sort()).toEqual(['definitionVersion', 'id', 'status', 'trackingCode']);
    expect(request.headers.authorization).toBe(HEADER_VALUE);
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        request.body,
        request.headers as Record<string, string>,
      ),
    ).toThrow();

    // Never again: not in the list, not in the table, not in the log.
    const list = await call('GET', integrationPaths.webhooks);
    expect(list.json<WebhookEndpoint[]>()).toEqual([
      expect.objectContaining({ id, headerNames: ['Authorization'], enabled: true, disabledReason: null }),
    ]);
    const stored = JSON.stringify(await app.database.db.selectFrom('webhook_endpoints').selectAll().execute());
    const bare = secret.slice('whsec_'.length);
    // The development switch says so at start.
    expect(lines.filter((line) => line.includes('WEBHOOK_ALLOW_PRIVATE=true'))).toHaveLength(1);
    for (const hidden of [bare, HEADER_VALUE, 'gateway-token']) {
      expect(list.body).not.toContain(hidden);
      expect(stored).not.toContain(hidden);
      expect(lines.join('\n')).not.toContain(hidden);
    }
  });

  it('delivers a 500 then a 200 once, with the same webhook-id, and logs both attempts', async () => {
    const { id, secret } = await create();
    receiver.answer({ status: 500, body: 'down for a moment' });
    await register();
    await drain();
    expect(receiver.received).toHaveLength(1);
    // Not due before its wait (about 5 s, ±20 %).
    clock.advance(RETRY_SCHEDULE_MS[0] * 0.8 - 100);
    await drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(RETRY_SCHEDULE_MS[0] * 0.4 + 200);
    await drain();
    clock.advance(RETRY_SCHEDULE_MS[1] * 2);
    await drain();

    expect(receiver.received.map((request) => request.status)).toEqual([500, 200]);
    const [first, second] = receiver.received;
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verified(second, secret)).toEqual(verified(first, secret));
    const log = (await call('GET', at(integrationPaths.deliveries, { id }))).json<WebhookDelivery[]>();
    expect(log.map(({ attempt, status, state, answer }) => ({ attempt, status, state, answer }))).toEqual([
      { attempt: 2, status: 200, state: 'delivered', answer: 'ok' },
      { attempt: 1, status: 500, state: 'failed', answer: 'down for a moment' },
    ]);
  });

  it('retries a receiver that does not answer in time, and counts a redirect as a failure', async () => {
    const { id } = await create();
    receiver.answer(
      { status: 200, delayMs: TIMEOUT_MS * 3 },
      { status: 302, headers: { location: 'https://example.org/' } },
    );
    await register();
    await drain();
    clock.advance(RETRY_SCHEDULE_MS[0] * 1.2 + 1);
    await drain();
    clock.advance(RETRY_SCHEDULE_MS[1] * 1.2 + 1);
    await drain();
    const log = (await call('GET', at(integrationPaths.deliveries, { id }))).json<WebhookDelivery[]>();
    expect(log.map(({ attempt, status }) => ({ attempt, status }))).toEqual([
      { attempt: 3, status: 200 },
      { attempt: 2, status: 302 },
      { attempt: 1, status: null },
    ]);
    expect(log[2].answer).toBe(`no answer within ${TIMEOUT_MS} ms`);
    expect((await messagesOf(id)).map((message) => message.status)).toEqual(['delivered']);
  });

  it('honours Retry-After on a 503', async () => {
    const { id } = await create();
    receiver.answer({ status: 503, headers: { 'retry-after': '120' } });
    await register();
    await drain();
    const [message] = await messagesOf(id);
    expect(Number(message.next_attempt_at) - clock.now()).toBeGreaterThanOrEqual(120_000);
    clock.advance(119_000);
    await drain();
    expect(receiver.received).toHaveLength(1);
    clock.advance(2_000);
    await drain();
    expect(receiver.received.map((request) => request.status)).toEqual([503, 200]);
  });

  it('disables an endpoint that answers 410 at once, in the audit log, and queues nothing more for it', async () => {
    const { id } = await create();
    receiver.otherwise({ status: 410, body: 'gone' });
    await register();
    await drain();
    const [endpoint] = (await call('GET', integrationPaths.webhooks)).json<WebhookEndpoint[]>();
    expect(endpoint).toMatchObject({ id, enabled: false, disabledReason: 'gone' });
    const audit = (await call('GET', '/api/staff/audit?limit=5')).json<AuditAnswer>();
    expect(audit.events[0]).toMatchObject({
      action: 'webhook_disable',
      actor: null,
      detail: { webhook: { id }, reason: 'gone' },
    });
    await register();
    clock.advance(RETRY_SCHEDULE_MS[0] * 2);
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('disables an endpoint that failed for five days, with an audit entry', async () => {
    const { id } = await create();
    receiver.otherwise({ status: 500 });
    await register();
    // Each retry as soon as it is due: the schedule's 7 waits add up to about 27.6 hours.
    for (let day = 0; day < 6 && (await messagesOf(id)).some((message) => message.status !== 'failed'); day += 1) {
      for (let i = 0; i < 8; i += 1) {
        await drain();
        clock.advance(12 * 3_600_000);
      }
      await register();
    }
    admin = await staffSession(app, 'admin');
    const [endpoint] = (await call('GET', integrationPaths.webhooks)).json<WebhookEndpoint[]>();
    expect(endpoint).toMatchObject({ id, enabled: false, disabledReason: 'failing' });
    const audit = (await call('GET', '/api/staff/audit?limit=50')).json<AuditAnswer>();
    expect(audit.events.filter((event) => event.action === 'webhook_disable')[0]).toMatchObject({
      detail: { webhook: { id }, reason: 'failing' },
    });
  });

  it('signs with the old and the new secret for 24 hours after a rotation, then with the new one alone', async () => {
    const { id, secret: old } = await create();
    const rotated = await call('POST', at(integrationPaths.rotate, { id }), {});
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).not.toBe(old);
    await register();
    await drain();
    const [both] = receiver.received;
    expect(String(both.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(String(both.headers['webhook-signature'])).toMatch(/^v1,\S+ v1,\S+$/);
    // A receiver still on the old secret and one already on the new both verify it.
    expect(verified(both, old).type).toBe('registration.created');
    expect(verified(both, secret).type).toBe('registration.created');
    const [listed] = (await call('GET', integrationPaths.webhooks)).json<WebhookEndpoint[]>();
    expect(Date.parse(listed.previousSecretUntil ?? '') - clock.now()).toBeLessThanOrEqual(24 * 3_600_000);

    clock.advance(24 * 3_600_000 + 1);
    admin = await staffSession(app, 'admin');
    const ping = await call('POST', at(integrationPaths.test, { id }), {});
    expect(ping.json<WebhookTestAnswer>().status).toBe(200);
    const [after] = (await call('GET', integrationPaths.webhooks)).json<WebhookEndpoint[]>();
    expect(after.previousSecretUntil).toBeNull();
    const last = receiver.received.at(-1);
    expect(String(last?.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });

  it('keeps the rotated-out secret its full 24 hours: a second rotation is refused unless it asks to drop it', async () => {
    const { id, secret: first } = await create();
    const rotate = (body: unknown = {}) => call('POST', at(integrationPaths.rotate, { id }), body);
    const second = (await rotate()).json<{ secret: string }>().secret;
    clock.advance(3_600_000);
    admin = await staffSession(app, 'admin');
    const again = await rotate();
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'webhook_rotation_pending',
      message: expect.stringContaining('۲۴ ساعت'),
    });
    // Refused, nothing changed: the first secret still signs beside the second.
    await register();
    await drain();
    const [both] = receiver.received;
    expect(verified(both, first).type).toBe('registration.created');
    expect(verified(both, second).type).toBe('registration.created');
    // Asked for, the rotation drops the first secret at once.
    const dropped = await rotate({ dropPrevious: true });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const third = dropped.json<{ secret: string }>().secret;
    await register();
    await drain();
    const last = receiver.received[1];
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(last, third).type).toBe('registration.created');
    expect(verified(last, second).type).toBe('registration.created');
    expect(() => verified(last, first)).toThrow();
    const audit = await call('GET', '/api/staff/audit?limit=1');
    expect(audit.json<AuditAnswer>().events?.[0], audit.body).toMatchObject({
      action: 'webhook_rotate',
      detail: { reason: 'previous_secret_dropped' },
    });
  });

  it('signs with the current secret alone when the rotated-out one was sealed under a replaced CSRF_SECRET', async () => {
    const { id, secret } = await create();
    const unreadable = new SecretBox('a server secret since replaced, 32+ chars').seal(secret);
    await app.database.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret: unreadable, previous_secret_until: clock.now() + 3_600_000 })
      .where('id', '=', id)
      .execute();
    await register();
    await drain();
    expect(receiver.received.map((request) => request.status)).toEqual([200]);
    expect(String(receiver.received[0].headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verified(receiver.received[0], secret).type).toBe('registration.created');
  });

  it('answers one of two rotations made at once and refuses the other, losing no answered secret', async () => {
    const { id } = await create();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', at(integrationPaths.rotate, { id }), {})),
    );
    const given = answers.filter((answer) => answer.statusCode === 200);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    await register();
    await drain();
    expect(verified(receiver.received[0], given[0].json<{ secret: string }>().secret).type).toBe(
      'registration.created',
    );
  });

  it('keeps at most MAX_WEBHOOK_ENDPOINTS endpoints, also when more are added at once', async () => {
    const add = () =>
      call('POST', integrationPaths.webhooks, { url: receiver.url, description: '', events: ['registration.created'] });
    const answers = await Promise.all(Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 5 }, add));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(codes.filter((code) => code === 409)).toHaveLength(5);
    const refused = await add();
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('webhook_limit');
    expect((await call('GET', integrationPaths.webhooks)).json<WebhookEndpoint[]>()).toHaveLength(
      MAX_WEBHOOK_ENDPOINTS,
    );
  });

  it('refuses an endpoint past each bound of its input, with 400', async () => {
    const valid = { url: receiver.url, description: '', events: ['registration.created'] };
    const headers = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, n) => [`X-H${n}`, 'v']));
    for (const [what, body] of [
      ['URL of 2001 characters', { ...valid, url: `${receiver.url}?${'a'.repeat(2001 - receiver.url.length - 1)}` }],
      ['description of 201 characters', { ...valid, description: 'د'.repeat(201) }],
      ['six custom headers', { ...valid, headers: headers(MAX_WEBHOOK_HEADERS + 1) }],
      ['a header value of 1001 characters', { ...valid, headers: { 'X-Token': 'a'.repeat(1001) } }],
      ['a header name of 65 characters', { ...valid, headers: { [`X-${'a'.repeat(63)}`]: 'v' } }],
      ['an event twice', { ...valid, events: ['registration.created', 'registration.created'] }],
    ] as const) {
      const response = await call('POST', integrationPaths.webhooks, body);
      expect(response.statusCode, what).toBe(400);
    }
    // At the bounds themselves, saved.
    const { id } = await create({
      url: `${receiver.url}?${'a'.repeat(2000 - receiver.url.length - 1)}`,
      description: 'د'.repeat(200),
      headers: { ...headers(MAX_WEBHOOK_HEADERS - 1), [`X-${'a'.repeat(62)}`]: 'a'.repeat(1000) },
    });
    expect((await call('GET', `${at(integrationPaths.deliveries, { id })}?limit=501`)).statusCode).toBe(400);
    expect((await call('GET', `${at(integrationPaths.deliveries, { id })}?limit=500`)).statusCode).toBe(200);
  });

  it('gives an event up after the last wait of the schedule: eight attempts, no ninth', async () => {
    const { id } = await create();
    receiver.otherwise({ status: 500 });
    await register();
    for (let attempt = 0; attempt <= RETRY_SCHEDULE_MS.length + 1; attempt += 1) {
      await drain();
      clock.advance(10 * 3_600_000 * 1.2 + 1);
    }
    expect(receiver.received).toHaveLength(RETRY_SCHEDULE_MS.length + 1);
    expect(await messagesOf(id)).toEqual([expect.objectContaining({ status: 'failed', attempts: 8 })]);
  });

  it('refuses at save a custom header Node would not send, naming it, in Persian', async () => {
    for (const [name, value] of [
      ['X-Test', 'کلید-فارسی'],
      ['X-Test', 'a\u0001b'],
      ['X-Test', 'a\u007fb'],
      ['X Test', 'ok'],
    ]) {
      const response = await call('POST', integrationPaths.webhooks, {
        url: receiver.url,
        description: '',
        events: ['registration.created'],
        headers: { [name]: value },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      const { error } = response.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(error.code).toBe('webhook_headers');
      expect(error.fields[`headers.${name}`]).toContain(`سرآیند «${name}»`);
    }
    expect((await call('GET', integrationPaths.webhooks)).json<WebhookEndpoint[]>()).toEqual([]);
  });

  it('counts a delivery that fails before its request leaves as a failed attempt: logged, retried, then disabled', async () => {
    const { id } = await create({ headers: { 'X-Test': 'ok' } });
    // Saved before headers were checked as Node sends them: the request can never be made.
    const stored = app.webhooks.services.box.seal(JSON.stringify({ 'X-Test': 'کلید-فارسی' }));
    await app.database.db.updateTable('webhook_endpoints').set({ headers: stored }).where('id', '=', id).execute();
    const ping = await call('POST', at(integrationPaths.test, { id }), {});
    expect(ping.statusCode).toBe(200);
    expect(ping.json<WebhookTestAnswer>()).toMatchObject({
      status: null,
      answer: expect.stringMatching(/^not sent: /),
    });
    await register();
    await drain();
    expect(receiver.received).toEqual([]);
    const [, queued] = await messagesOf(id);
    expect(queued).toMatchObject({ status: 'waiting', attempts: 1, claim: null });
    expect(Number(queued.next_attempt_at) - clock.now()).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0] * 0.8);
    const log = (await call('GET', at(integrationPaths.deliveries, { id }))).json<WebhookDelivery[]>();
    expect(log.map(({ event, state, status }) => ({ event, state, status }))).toEqual([
      { event: 'registration.created', state: 'pending', status: null },
      { event: 'ping', state: 'failed', status: null },
    ]);
    // Five days of such failures disable it, as any other failing endpoint.
    clock.advance(5 * 24 * 3_600_000);
    await register();
    await drain();
    admin = await staffSession(app, 'admin');
    const [endpoint] = (await call('GET', integrationPaths.webhooks)).json<WebhookEndpoint[]>();
    expect(endpoint).toMatchObject({ id, enabled: false, disabledReason: 'failing' });
  });

  it('writes status changes and assignments with the change, the reason only when the applicant sees it', async () => {
    const { secret } = await create({ events: ['registration.status_changed', 'registration.assigned'] });
    const agent = await staffSession(app, 'agent');
    const registration = await register();
    expect((await moveStatus(app, agent, registration, { from: 'new', to: 'contacted' })).statusCode).toBe(204);
    const rejected = { from: 'contacted', to: 'rejected', reason: 'پروانه منقضی شده است', showReason: true };
    expect((await moveStatus(app, agent, registration, rejected)).statusCode).toBe(204);
    const other = await register();
    // A bulk change writes one event per case it moved.
    const bulk = await call('POST', '/api/staff/registrations/status', { ids: [other], from: 'new', to: 'contacted' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await moveStatus(app, agent, other, { from: 'contacted', to: 'rejected', reason: 'یادداشت درونی' });
    const me = await app.database.db
      .selectFrom('staff_accounts')
      .select('id')
      .where('role', '=', 'agent')
      .executeTakeFirstOrThrow();
    const taken = await call('PUT', `/api/staff/registrations/${other}/assignee`, { from: null, to: me.id });
    expect(taken.statusCode, taken.body).toBe(204);
    await drain();

    // One batch is sent at once: the receiver sees them in any order.
    const events = receiver.received.map((request) => verified(request, secret));
    const summary = events.map((event) => `${event.type} ${event.data.id} ${event.data.to ?? ''}`).sort();
    expect(summary).toEqual(
      [
        `registration.status_changed ${registration} contacted`,
        `registration.status_changed ${registration} rejected`,
        `registration.status_changed ${other} contacted`,
        `registration.status_changed ${other} rejected`,
        `registration.assigned ${other} `,
      ].sort(),
    );
    const find = (id: number, type: string, to?: string) =>
      events.find((event) => event.data.id === id && event.type === type && event.data.to === to)?.data;
    expect(find(registration, 'registration.status_changed', 'rejected')).toMatchObject({
      from: 'contacted',
      status: 'rejected',
      byRole: 'agent',
      reason: rejected.reason,
    });
    expect(find(other, 'registration.status_changed', 'rejected')).not.toHaveProperty('reason');
    expect(find(other, 'registration.assigned')).toMatchObject({ status: 'rejected' });
  });

  it('stores a registration and its event while the receiver is down, without slowing it', async () => {
    const down = await webhookReceiver();
    const url = down.url;
    await down.close();
    const { id } = await create({ url });
    const started = Date.now();
    const registration = await register();
    expect(Date.now() - started).toBeLessThan(1000);
    await drain();
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({ status: 'waiting', attempts: 1, event: 'registration.created' });
    expect(JSON.parse(message.payload)).toMatchObject({ data: { id: registration } });
  });

  it('never lets two workers hold one message: parallel claims and two processes sending at once', async () => {
    // The app's own worker polls every second of real time: it would claim the events before the
    // claims this test makes by hand. drain() still runs it pass by pass.
    await app.webhooks.worker.stop();
    await create();
    await Promise.all(Array.from({ length: 12 }, () => register()));
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((claim) =>
        app.durableWrites.submit((db) =>
          claimDueMessages(db, { claim, now: clock.now(), leaseUntil: clock.now() + 60_000, limit: 5 }),
        ),
      ),
    );
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(12);
    // The leases run out; two processes then send everything at once.
    clock.advance(61_000);
    const second = await open();
    try {
      await Promise.all([drain(), drain(second), drain(), drain(second)]);
    } finally {
      await second.close();
    }
    const webhookIds = receiver.received.map((request) => request.headers['webhook-id']);
    expect(webhookIds).toHaveLength(12);
    expect(new Set(webhookIds).size).toBe(12);
  });

  it('delivers to a fast receiver while a slow one holds its answers, and sends the slow one four at a time', async () => {
    // This app's worker would time the slow receiver out (400 ms): the one below waits 60 s.
    await app.webhooks.worker.stop();
    const slow = await webhookReceiver();
    slow.otherwise({ status: 200, body: 'ok', delayMs: 60_000 });
    const patient = await open({ WEBHOOK_TIMEOUT_MS: '60000' });
    try {
      await patient.ready();
      const { id: slowId } = await create({ url: slow.url });
      await create();
      const events = DELIVERIES_PER_ENDPOINT + 2;
      for (let n = 0; n < events; n += 1) await register();
      // The worker's own timer sends them: every event reaches the fast receiver while the slow
      // one has answered none, and the slow one holds its four slots and no more.
      await until(() => receiver.received.length === events);
      expect(slow.concurrency()).toEqual({ now: DELIVERIES_PER_ENDPOINT, most: DELIVERIES_PER_ENDPOINT });
      const waiting = (await messagesOf(slowId)).filter((message) => message.status === 'waiting');
      expect(waiting).toHaveLength(events - DELIVERIES_PER_ENDPOINT);
      // Given back untouched: their attempt is not counted.
      expect(waiting.map((message) => message.attempts)).toEqual(Array(events - DELIVERIES_PER_ENDPOINT).fill(0));
    } finally {
      await slow.close();
      await patient.close();
    }
  });

  it('sends a test ping at once, logs it, and replays a delivery with its webhook-id', async () => {
    const { id, secret } = await create();
    const ping = await call('POST', at(integrationPaths.test, { id }), {});
    expect(ping.statusCode).toBe(200);
    expect(ping.json<WebhookTestAnswer>()).toMatchObject({ status: 200, answer: 'ok' });
    expect(verified(receiver.received[0], secret).type).toBe('ping');
    const [delivery] = (await call('GET', at(integrationPaths.deliveries, { id }))).json<WebhookDelivery[]>();
    expect(delivery).toMatchObject({ event: 'ping', state: 'delivered', attempt: 1 });
    const replay = await call('POST', at(integrationPaths.replay, { id, deliveryId: delivery.id }), {});
    expect(replay.statusCode).toBe(204);
    await drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].headers['webhook-id']).toBe(delivery.webhookId);
    const missing = await call('POST', at(integrationPaths.replay, { id, deliveryId: 999_999 }), {});
    expect(missing.statusCode).toBe(404);
  });

  it('audits every change, lets only admins in, and asks for the anti-forgery header', async () => {
    const { id } = await create();
    expect(
      (
        await call('PATCH', at(integrationPaths.webhook, { id }), { description: 'CRM', enabled: false })
      ).json<WebhookEndpoint>(),
    ).toMatchObject({ description: 'CRM', enabled: false });
    await call('POST', at(integrationPaths.rotate, { id }), {});
    expect((await remove(id)).statusCode).toBe(204);
    const actions = (await call('GET', '/api/staff/audit?limit=4'))
      .json<AuditAnswer>()
      .events.map((event) => event.action);
    expect(actions).toEqual(['webhook_delete', 'webhook_rotate', 'webhook_update', 'webhook_create']);
    const agent = await staffSession(app, 'agent');
    expect((await call('GET', integrationPaths.webhooks, undefined, app, agent)).statusCode).toBe(403);
    const forged = await app.inject({
      method: 'POST',
      url: integrationPaths.webhooks,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: receiver.url, description: '', events: ['registration.created'] }),
    });
    expect(forged.statusCode).toBe(403);
    const tooMany = await call('POST', integrationPaths.webhooks, {
      url: receiver.url,
      description: '',
      events: ['registration.created'],
      headers: { 'webhook-signature': 'v1,forged' },
    });
    expect(tooMany.json<{ error: { code: string } }>().error.code).toBe('webhook_headers');
  });

  describe('without WEBHOOK_ALLOW_PRIVATE', () => {
    it('refuses loopback, link-local and a name that resolves to a private address at save', async () => {
      const guarded = await open({ WEBHOOK_ALLOW_PRIVATE: 'false' }, stubLookup('10.0.0.1'));
      try {
        const staff = await staffSession(guarded, 'admin');
        for (const url of [
          'http://127.0.0.1:9/hooks',
          'http://169.254.169.254/latest/meta-data',
          'http://[::1]/',
          'http://receiver.internal.example/hooks',
          // IPv6 forms that carry a private IPv4 address inside.
          'http://[::127.0.0.1]:4400/',
          'http://[::ffff:127.0.0.1]/',
          'http://[::ffff:0:10.0.0.1]/',
          'http://[64:ff9b::10.0.0.1]/',
          'http://[2002:7f00:1::1]/',
          'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
        ]) {
          const response = await call(
            'POST',
            integrationPaths.webhooks,
            { url, description: '', events: ['registration.created'] },
            guarded,
            staff,
          );
          expect(response.statusCode, url).toBe(400);
          expect(response.json<{ error: { code: string; message: string } }>().error).toMatchObject({
            code: 'webhook_url_refused',
          });
        }
      } finally {
        await guarded.close();
      }
    });

    it('refuses again at connect time when the name resolves to 10.0.0.1 by then (DNS rebinding), sending nothing', async () => {
      // Public at save, private at connect: the agent checks the address DNS gave before connecting.
      const guarded = await open({ WEBHOOK_ALLOW_PRIVATE: 'false' }, stubLookup('93.184.216.34', '10.0.0.1'));
      try {
        const staff = await staffSession(guarded, 'admin');
        const created = await call(
          'POST',
          integrationPaths.webhooks,
          { url: 'http://rebinding.example/hooks', description: '', events: ['registration.created'] },
          guarded,
          staff,
        );
        expect(created.statusCode).toBe(201);
        const { id } = created.json<WebhookCreated>();
        const ping = await call('POST', at(integrationPaths.test, { id }), {}, guarded, staff);
        // Refused without saying what the name resolved to.
        expect(ping.json<WebhookTestAnswer>()).toEqual({
          status: null,
          ms: expect.any(Number),
          answer: 'not delivered: address not allowed',
        });
        const [logged] = (await call('GET', at(integrationPaths.deliveries, { id }), undefined, guarded, staff)).json<
          WebhookDelivery[]
        >();
        expect(logged.answer).not.toContain('10.0.0.1');
        await call('DELETE', at(integrationPaths.webhook, { id }), undefined, guarded, staff);
      } finally {
        await guarded.close();
      }
    });

    it('refuses at connect time an IPv6 literal that carries a loopback IPv4 address, sending nothing', async () => {
      const guarded = await open({ WEBHOOK_ALLOW_PRIVATE: 'false' }, stubLookup('93.184.216.34'));
      try {
        const staff = await staffSession(guarded, 'admin');
        const created = await call(
          'POST',
          integrationPaths.webhooks,
          { url: 'http://public.example/hooks', description: '', events: ['registration.created'] },
          guarded,
          staff,
        );
        const { id } = created.json<WebhookCreated>();
        // Saved before IPv4-carrying forms were refused.
        const port = new URL(receiver.url).port;
        await guarded.database.db
          .updateTable('webhook_endpoints')
          .set({ url: `http://[::127.0.0.1]:${port}/hooks` })
          .where('id', '=', id)
          .execute();
        const ping = await call('POST', at(integrationPaths.test, { id }), {}, guarded, staff);
        expect(ping.json<WebhookTestAnswer>()).toMatchObject({
          status: null,
          answer: 'not delivered: address not allowed',
        });
        expect(receiver.received).toEqual([]);
        await call('DELETE', at(integrationPaths.webhook, { id }), undefined, guarded, staff);
      } finally {
        await guarded.close();
      }
    });

    it('tells public addresses from those that only look public', () => {
      for (const address of ['93.184.216.34', '2606:4700::1111', '::808:808'])
        expect(isPublicAddress(address), address).toBe(true);
      // Private inside; or, for the mapped, NAT64 and 6to4 forms, refused at connect by the agent anyway.
      for (const address of [
        '::7f00:1',
        '::a00:1',
        '::ffff:808:808',
        '64:ff9b::808:808',
        '64:ff9b:1::808:808',
        '2002:808:808::1',
        'fe80::1',
      ])
        expect(isPublicAddress(address), address).toBe(false);
    });

    it('allows only https in production', async () => {
      const policy = { allowPrivate: false, httpsOnly: true, lookup: stubLookup('93.184.216.34') };
      expect(await refusedUrl('http://crm.example.ir/hooks', policy)).toMatch(/scheme/);
      expect(await refusedUrl('https://crm.example.ir/hooks', policy)).toBeUndefined();
    });
  });
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));
