import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kavenegarProvider } from '../../src/server/sms/kavenegar-provider.js';
import type { SmsProvider } from '../../src/server/sms/provider.js';
import { fakeKavenegar, type FakeKavenegar } from '../fixtures/fake-kavenegar.js';

const API_KEY = '4A6F2B3C5D7E8F90-secret-key';
const notice = {
  id: 1,
  kind: 'receipt' as const,
  receptor: '09123456789',
  message: 'ثبت‌نام شما دریافت شد.',
  token: null,
};
const code = { id: 2, kind: 'code' as const, receptor: '09123456789', message: null, token: '04817' };

describe('the Kavenegar adapter against a server answering as Kavenegar documents', () => {
  let kavenegar: FakeKavenegar;
  let provider: SmsProvider;

  beforeAll(async () => {
    kavenegar = await fakeKavenegar();
    provider = kavenegarProvider({
      apiKey: API_KEY,
      apiUrl: kavenegar.url,
      codeTemplate: 'pharmacy-verify',
      sender: '10004346',
      timeoutMs: 300,
    });
  });
  afterAll(() => kavenegar.close());
  beforeEach(() => {
    kavenegar.requests.length = 0;
    kavenegar.behave({ kind: 'ok' });
  });

  it('sends a notice with sms/send: form-encoded receptor, message and sender; the message id comes back', async () => {
    const outcome = await provider.send(notice);
    expect(outcome).toEqual({ ok: true, providerId: expect.stringMatching(/^\d+$/) as unknown });
    expect(kavenegar.requests).toEqual([
      {
        path: `/v1/${API_KEY}/sms/send.json`,
        contentType: 'application/x-www-form-urlencoded; charset=utf-8',
        params: { receptor: '09123456789', message: notice.message, sender: '10004346' },
        answered: 'ok',
      },
    ]);
  });

  it('sends a code with verify/lookup: the template and the code as its token, no text of ours', async () => {
    expect((await provider.send(code)).ok).toBe(true);
    expect(kavenegar.requests[0]).toMatchObject({
      path: `/v1/${API_KEY}/verify/lookup.json`,
      params: { receptor: '09123456789', template: 'pharmacy-verify', token: '04817' },
    });
    expect(kavenegar.requests[0].params).not.toHaveProperty('message');
  });

  it.each([400, 401, 403, 411, 418, 424])(
    'treats its %i as permanent, with its own message as the reason',
    async (status) => {
      kavenegar.behave({ kind: 'error', status });
      const outcome = await provider.send(notice);
      expect(outcome).toMatchObject({ ok: false, permanent: true });
      expect(outcome.ok === false && outcome.reason).toMatch(new RegExp(`^Kavenegar ${status}: .+`));
    },
  );

  it.each([500, 502, 503])('treats a %i as transient', async (status) => {
    kavenegar.behave({ kind: 'error', status });
    expect(await provider.send(notice)).toMatchObject({
      ok: false,
      permanent: false,
      reason: expect.stringContaining(`Kavenegar ${status}`) as unknown,
    });
  });

  it('treats an answer that is not its JSON (a proxy page) as transient', async () => {
    kavenegar.behave({ kind: 'not-json', status: 200 });
    expect(await provider.send(notice)).toEqual({
      ok: false,
      permanent: false,
      reason: "an answer that is not Kavenegar's JSON (HTTP 200)",
    });
  });

  it('gives up on a silent server after its timeout, as a transient failure', async () => {
    kavenegar.behave({ kind: 'hang' });
    const started = Date.now();
    expect(await provider.send(notice)).toEqual({ ok: false, permanent: false, reason: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('treats a cut connection and a closed port as transient', async () => {
    kavenegar.behave({ kind: 'reset' });
    expect(await provider.send(notice)).toMatchObject({ ok: false, permanent: false });
    const gone = await fakeKavenegar();
    await gone.close();
    const closed = kavenegarProvider({ apiKey: API_KEY, apiUrl: gone.url, codeTemplate: 't', timeoutMs: 500 });
    expect(await closed.send(notice)).toEqual({ ok: false, permanent: false, reason: 'network error (ECONNREFUSED)' });
  });

  it('never puts the API key (a segment of the URL) in a reason', async () => {
    const reasons: string[] = [];
    for (const behaviour of [
      { kind: 'error', status: 403 },
      { kind: 'error', status: 500 },
      { kind: 'not-json' },
      { kind: 'hang' },
      { kind: 'reset' },
    ] as const) {
      kavenegar.behave(behaviour);
      const outcome = await provider.send(notice);
      if (!outcome.ok) reasons.push(outcome.reason);
    }
    expect(reasons).toHaveLength(5);
    for (const reason of reasons) expect(reason).not.toContain(API_KEY);
  });
});
