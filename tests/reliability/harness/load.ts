/**
 * The load driver: `concurrency` visitors, each with its own cookies and token, each registration
 * preceded by a fresh captcha answered the normal way (whole journeys, as GOV.UK Forms load-tests).
 */
import { randomUUID } from 'node:crypto';
import { solveCaptcha } from './captcha.js';
import { seededRandom, typedByHand, validRegistration, type Registration } from './data.js';
import { ApiClient, HttpStatusError, TransportError, type HttpResponse } from './http.js';

export interface Attempt {
  index: number;
  /** What the database must hold (already normalised). */
  registration?: Registration;
  /** What was sent, when it differs (typed by hand: Persian digits, Arabic letters, spaces). */
  sent?: Registration;
  idempotencyKey: string;
  /** HTTP status, or 0 when the request got no answer at all (transport error). */
  status: number;
  trackingCode?: string;
  body?: string;
  error?: string;
  ms: number;
  /** In twin mode: the second answer to the same key. */
  twin?: { status: number; body?: string; error?: string };
  /** Where it failed: captcha, register. */
  stage?: string;
  /** When the answer arrived (Date.now()). */
  at: number;
}

export interface LoadOptions {
  port: number;
  total: number;
  concurrency: number;
  seed?: number;
  /** Send each registration twice at once with the same Idempotency-Key. */
  twin?: boolean;
  /** Checked before each registration; true ends that worker. */
  stop?: () => boolean;
  /** Called with each attempt as soon as it is answered. */
  onAttempt?: (attempt: Attempt) => void;
  /** Give up a worker after this many transport errors in a row (the server is gone). */
  maxTransportErrors?: number;
  /** Pause between a failed attempt and the next one. */
  backoffMs?: number;
  timeoutMs?: number;
}

export async function runLoad(options: LoadOptions): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let next = 0;
  const random = seededRandom(options.seed ?? 1);
  const worker = async (): Promise<void> => {
    let client: ApiClient | undefined;
    let transportErrors = 0;
    while (next < options.total && !(options.stop?.() ?? false)) {
      const index = next;
      next += 1;
      const started = Date.now();
      const attempt: Attempt = { index, idempotencyKey: randomUUID(), status: 0, ms: 0, at: 0 };
      try {
        if (!client) {
          client = new ApiClient(options.port, { timeoutMs: options.timeoutMs ?? 30_000 });
          attempt.stage = 'start';
          await client.start();
        }
        attempt.stage = 'captcha';
        const captchaResponse = await client.get('/api/Register/GetCaptcha');
        if (captchaResponse.status !== 200) {
          attempt.status = captchaResponse.status;
          attempt.body = captchaResponse.text;
        } else {
          const captcha = captchaResponse.json as { id: string; question: string; options: string[] };
          const registration = validRegistration(random, { id: captcha.id, validOptionIndex: solveCaptcha(captcha) });
          attempt.registration = registration;
          // Every fourth visitor types like a person, so normalisation is exercised under load too.
          const sent = index % 4 === 3 ? typedByHand(registration) : registration;
          if (sent !== registration) attempt.sent = sent;
          attempt.stage = 'register';
          const send = (): Promise<HttpResponse> => client!.register(sent, { idempotencyKey: attempt.idempotencyKey });
          if (options.twin) {
            const [first, second] = await Promise.allSettled([send(), send()]);
            take(attempt, first);
            attempt.twin =
              second.status === 'fulfilled'
                ? { status: second.value.status, body: second.value.text }
                : { status: 0, error: String(second.reason) };
          } else {
            take(attempt, (await Promise.allSettled([send()]))[0]);
          }
          attempt.stage = attempt.status === 200 ? undefined : 'register';
        }
        transportErrors = attempt.status === 0 ? transportErrors + 1 : 0;
      } catch (error) {
        attempt.error = error instanceof Error ? error.message : String(error);
        attempt.status = 0;
        if (error instanceof HttpStatusError) {
          // An answer, just not a 200 (say the settings refused while the server stops).
          attempt.status = error.response.status;
          attempt.body = error.response.text;
        }
        transportErrors += 1;
        if (!(error instanceof TransportError)) attempt.error = `client: ${attempt.error}`;
        // A fresh visitor after a broken connection, as a browser reload would be.
        client = undefined;
      }
      attempt.ms = Date.now() - started;
      attempt.at = Date.now();
      attempts.push(attempt);
      options.onAttempt?.(attempt);
      if (attempt.status !== 200 && options.backoffMs) await new Promise((r) => setTimeout(r, options.backoffMs));
      if (transportErrors >= (options.maxTransportErrors ?? Infinity)) return;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return attempts.sort((a, b) => a.index - b.index);
}

function take(attempt: Attempt, settled: PromiseSettledResult<HttpResponse>): void {
  if (settled.status === 'rejected') {
    attempt.status = 0;
    attempt.error = String(settled.reason);
    return;
  }
  attempt.status = settled.value.status;
  attempt.body = settled.value.text;
  if (settled.value.status === 200)
    attempt.trackingCode = (settled.value.json as { trackingCode?: string }).trackingCode;
}

/** An attempt's answer in the shape the contract checks (errorCode, errorBodyProblem) read. */
export function attemptResponse(attempt: Attempt): HttpResponse {
  let json: unknown;
  try {
    json = attempt.body ? JSON.parse(attempt.body) : undefined;
  } catch {
    json = undefined;
  }
  return { status: attempt.status, headers: {}, body: Buffer.from(attempt.body ?? ''), text: attempt.body ?? '', json };
}
