import type { SendOutcome, SmsProvider } from './provider.js';

export interface KavenegarSettings {
  apiKey: string;
  /** https://api.kavenegar.com in production; a local server in the tests. */
  apiUrl: string;
  codeTemplate: string;
  sender?: string;
  timeoutMs: number;
}

interface KavenegarAnswer {
  return?: { status?: unknown; message?: unknown };
  entries?: Array<{ messageid?: unknown }> | null;
}

/**
 * Kavenegar's HTTP API as its documentation and SDKs describe it: POST form-encoded to
 * `{base}/v1/{API_KEY}/{scope}/{method}.json`; a code goes through Verify Lookup (`verify/lookup`,
 * the text is the panel's template, the code its `token`), a notice through `sms/send`. The answer
 * is `{ return: { status, message }, entries }`, status 200 on success. The key is a segment of
 * the URL, so neither the URL nor an error that could quote it is ever put in a reason or a log.
 */
export function kavenegarProvider(settings: KavenegarSettings): SmsProvider {
  const base = `${settings.apiUrl}/v1/${encodeURIComponent(settings.apiKey)}`;
  return {
    name: 'kavenegar',
    send: async (sms) => {
      const [method, params]: [string, Record<string, string>] =
        sms.kind === 'code'
          ? ['verify/lookup', { receptor: sms.receptor, template: settings.codeTemplate, token: sms.token ?? '' }]
          : [
              'sms/send',
              {
                receptor: sms.receptor,
                message: sms.message ?? '',
                ...(settings.sender ? { sender: settings.sender } : {}),
              },
            ];
      return post(`${base}/${method}.json`, params, settings.timeoutMs);
    },
  };
}

async function post(url: string, params: Record<string, string>, timeoutMs: number): Promise<SendOutcome> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        accept: 'application/json',
      },
      body: new URLSearchParams(params).toString(),
      // Covers the body too: a provider that sends headers and then stalls times out as well.
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    return { ok: false, permanent: false, reason: networkReason(error, timeoutMs) };
  }
  const answer = parse(text);
  if (!answer)
    return { ok: false, permanent: false, reason: `an answer that is not Kavenegar's JSON (HTTP ${status})` };
  const code = typeof answer.return?.status === 'number' ? answer.return.status : status;
  const message = typeof answer.return?.message === 'string' ? answer.return.message : '';
  if (status === 200 && code === 200) {
    const id = answer.entries?.[0]?.messageid;
    return { ok: true, providerId: typeof id === 'number' || typeof id === 'string' ? String(id) : undefined };
  }
  const failing = status === 200 ? code : status;
  const reason = `Kavenegar ${failing}${message ? `: ${message}` : ''}`;
  return { ok: false, permanent: failing >= 400 && failing < 500, reason };
}

function parse(text: string): KavenegarAnswer | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && 'return' in value ? (value as KavenegarAnswer) : undefined;
  } catch {
    return undefined;
  }
}

/** The failure in words of our own: a fetch error's message may quote the URL, and the URL holds the key. */
function networkReason(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? `network error (${code})` : 'network error';
}
