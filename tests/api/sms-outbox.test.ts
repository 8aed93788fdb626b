import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueSms } from '../../src/server/sms/outbox.repository.js';
import { CODE_TTL_MS, retryDelay } from '../../src/server/sms/outbox.worker.js';
import { fakeKavenegar, type FakeKavenegar } from '../fixtures/fake-kavenegar.js';
import { databaseTargets, registerOnce, testApp, type DatabaseTarget } from './helpers.js';
import { outboxRows, registrationId, staffSession, testClock } from './followup-helpers.js';

const API_KEY = 'test-kavenegar-key-0123456789';
const MOBILE = '09123456789';
const folder = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
// A file, not :memory:, so that a second app (a restart, another process) opens the same database.
const targets = await databaseTargets(`sqlite:${join(folder, 'outbox.db')}`);

describe.each(targets)('the SMS outbox on $name', (target: DatabaseTarget) => {
  const clock = testClock();
  const lines: string[] = [];
  let kavenegar: FakeKavenegar;
  const open = (): Promise<FastifyInstance> =>
    testApp(
      {
        DATABASE_URL: target.url,
        SMS_PROVIDER: 'kavenegar',
        SMS_API_KEY: API_KEY,
        SMS_API_URL: kavenegar.url,
        SMS_CODE_TEMPLATE: 'pharmacy-verify',
        // Roomy: the fake shares this thread with SQLite; a timeout here would be a real second send.
        SMS_TIMEOUT_MS: '4000',
        PUBLIC_URL: 'https://pharmacy.example.ir/',
      },
      { clock: clock.now, logger: { stream: { write: (line) => void lines.push(line) }, level: 'info' } },
    );
  let app: FastifyInstance;

  beforeAll(async () => {
    kavenegar = await fakeKavenegar();
    app = await open();
  });
  afterAll(async () => {
    await app.close();
    await kavenegar.close();
    await target.drop();
  });

  /** Runs the worker until nothing due is left (a pass takes one batch). */
  const drain = async (owner = app) => {
    while ((await owner.sms.worker.runOnce()) > 0);
  };
  const rowOf = async (id: number) => (await outboxRows(app)).find((row) => row.registration_id === id);

  it('keeps a registration fast and whole while the provider hangs, and retries with backoff until it answers', async () => {
    kavenegar.behave({ kind: 'hang' });
    const response = await registerOnce(app);
    expect(response.statusCode).toBe(200);
    const id = await registrationId(app, response.json<{ trackingCode: string }>().trackingCode);
    // Answered before its SMS was settled: a registration that waited for this provider (which
    // never answers) would have come back only after the send gave up and wrote its error.
    // Compared by order, not by the milliseconds a busy machine stretches.
    expect(await rowOf(id)).toMatchObject({ last_error: null });
    expect(['waiting', 'sending']).toContain((await rowOf(id))?.status);

    await app.sms.worker.runOnce();
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'waiting', attempts: 1, last_error: 'no answer within 4000 ms' });
    expect(Number(row?.next_attempt_at) - clock.now()).toBeGreaterThanOrEqual(retryDelay(1, () => 0));

    kavenegar.behave({ kind: 'error', status: 502 });
    clock.advance(retryDelay(1, () => 1));
    await app.sms.worker.runOnce();
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'waiting', attempts: 2 });
    expect(row?.last_error).toMatch(/^Kavenegar 502/);
    // Not due yet: nothing is sent before its time.
    const before = kavenegar.requests.length;
    await app.sms.worker.runOnce();
    expect(kavenegar.requests.length).toBe(before);

    kavenegar.behave({ kind: 'ok' });
    clock.advance(retryDelay(2, () => 1));
    await app.sms.worker.runOnce();
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, sent_at: clock.now() });
    expect(row?.provider_id).toMatch(/^\d+$/);
    const sent = kavenegar.requests.at(-1);
    expect(sent?.path).toBe(`/v1/${API_KEY}/sms/send.json`);
    expect(sent?.params.receptor).toBe(MOBILE);
    expect(sent?.params.message).toContain('https://pharmacy.example.ir/status?code=');
  });

  it("fails a message for good on a 4xx, with the provider's reason, and alerts in the log without the number or the key", async () => {
    kavenegar.behave({ kind: 'error', status: 418 });
    const response = await registerOnce(app);
    const id = await registrationId(app, response.json<{ trackingCode: string }>().trackingCode);
    await app.sms.worker.runOnce();
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Kavenegar 418: اعتبار حساب شما کافی نیست',
    });
    clock.advance(3_600_000);
    await app.sms.worker.runOnce();
    expect((await rowOf(id))?.attempts).toBe(1);
    const alert = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.level === 50);
    expect(alert?.msg).toMatch(/refused by the provider/);
    expect(JSON.stringify(alert)).toContain('0912•••6789');
    const log = lines.join('\n');
    expect(log).not.toContain(MOBILE);
    expect(log).not.toContain(API_KEY);
    kavenegar.behave({ kind: 'ok' });
  });

  it('loses no queued message over a restart: another process sends what the first could not', async () => {
    kavenegar.behave({ kind: 'error', status: 503 });
    const response = await registerOnce(app);
    const id = await registrationId(app, response.json<{ trackingCode: string }>().trackingCode);
    await app.sms.worker.runOnce();
    expect((await rowOf(id))?.status).toBe('waiting');
    await app.close();

    kavenegar.behave({ kind: 'ok' });
    app = await open();
    clock.advance(60_000);
    await app.sms.worker.runOnce();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never sends one message twice when several processes work the same outbox at once', async () => {
    const second = await open();
    try {
      kavenegar.behave({ kind: 'ok' });
      await app.sms.worker.runOnce();
      const firstNew = (await outboxRows(app)).length;
      // Before the messages are queued: the processes' own timers may start on them at once.
      kavenegar.requests.length = 0;
      for (let index = 0; index < 60; index += 1)
        await enqueueSms(app.database.db, { kind: 'receipt', receptor: MOBILE, message: `پیام ${index}` }, clock.now());
      const workers = [app, second, app, second].map((owner) => owner.sms.worker);
      const pending = async () => (await outboxRows(app)).slice(firstNew).filter((row) => row.status !== 'sent').length;
      for (let round = 0; round < 20 && (await pending()) > 0; round += 1) {
        await Promise.all(workers.map((worker) => worker.runOnce()));
        // A message put back after a slow moment of this busy machine is due again later.
        clock.advance(16 * 60_000);
      }
      const messages = kavenegar.requests
        .filter((request) => request.answered === 'ok')
        .map((request) => request.params.message);
      expect(messages).toHaveLength(60);
      expect(new Set(messages).size).toBe(60);
      expect(await pending()).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('gives a code up once it can no longer be used, and forgets it', async () => {
    kavenegar.behave({ kind: 'error', status: 500 });
    const id = await enqueueSms(app.database.db, { kind: 'code', receptor: MOBILE, token: '12345' }, clock.now());
    await drain();
    clock.advance(CODE_TTL_MS + 1);
    await drain();
    const row = (await outboxRows(app)).find((candidate) => candidate.id === id);
    expect(row).toMatchObject({ status: 'failed', last_error: 'expired', token: null });
    kavenegar.behave({ kind: 'ok' });
    // Sent through a real provider, a code leaves the database at once.
    const sentId = await enqueueSms(app.database.db, { kind: 'code', receptor: MOBILE, token: '54321' }, clock.now());
    await drain();
    expect((await outboxRows(app)).find((candidate) => candidate.id === sentId)).toMatchObject({
      status: 'sent',
      token: null,
    });
    expect(kavenegar.requests.at(-1)?.params).toMatchObject({ token: '54321', template: 'pharmacy-verify' });
  });

  it('shows admins the outbox with numbers masked and no text or code; agents get 403', async () => {
    const admin = await staffSession(app, 'admin');
    const agent = await staffSession(app, 'agent');
    const answer = await app.inject({ method: 'GET', url: '/api/staff/outbox', headers: { cookie: admin.cookie } });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{
      provider: string;
      counts: Record<string, number>;
      items: Array<Record<string, unknown>>;
    }>();
    expect(body.provider).toBe('kavenegar');
    expect(body.counts.failed).toBeGreaterThanOrEqual(2);
    expect(body.counts.sent).toBeGreaterThanOrEqual(60);
    expect(body.items[1]).toMatchObject({ kind: 'code', status: 'failed', error: 'expired', receptor: '0912•••6789' });
    expect(answer.body).not.toContain(MOBILE);
    expect(answer.body).not.toContain('پیام ');
    const failed = await app.inject({
      method: 'GET',
      url: '/api/staff/outbox?status=failed',
      headers: { cookie: admin.cookie },
    });
    expect(failed.json<{ items: Array<{ status: string }> }>().items.every((item) => item.status === 'failed')).toBe(
      true,
    );
    const refused = await app.inject({ method: 'GET', url: '/api/staff/outbox', headers: { cookie: agent.cookie } });
    expect(refused.statusCode).toBe(403);
  });
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));
