import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Work } from '../db/group-commit.js';
import { LeasedWorker } from '../outbox/leased-worker.js';
import type { Database } from '../db/tables.js';
import { appendAudit } from '../audit/audit.repository.js';
import type { ReceiverAnswer, Sender, SignedRequest } from './delivery.js';
import {
  disableEndpoint,
  findEndpoint,
  markEndpointFailing,
  markEndpointHealthy,
  type EndpointRow,
} from './endpoint.repository.js';
import {
  claimDueMessages,
  dropWaiting,
  recordAttempt,
  releaseMessages,
  settleMessage,
  type MessageRow,
} from './message.repository.js';
import type { SecretBox } from './webhook-crypto.js';
import type { DisabledReason } from './webhook.table.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** The waits after each failed attempt (Standard Webhooks' own schedule); after the last, the event is given up. */
export const RETRY_SCHEDULE_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** An endpoint failing this long is disabled. */
export const FAILING_LIMIT_MS = 5 * 24 * HOUR;

/** The wait before attempt n + 1 after attempt n failed, ±20 %; undefined once the schedule is spent. */
export function retryDelay(attempts: number, random: () => number = Math.random): number | undefined {
  const base = RETRY_SCHEDULE_MS[attempts - 1];
  return base === undefined ? undefined : Math.round(base * (0.8 + 0.4 * random()));
}

export interface DeliveryContext {
  write: <T>(work: Work<T>) => Promise<T>;
  read: () => Kysely<Database>;
  sender: Sender;
  box: SecretBox;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Told each settled attempt's outcome (the metrics count them). */
  onOutcome?: (outcome: 'delivered' | 'retry' | 'failed') => void;
}

/** The secrets that sign now: the current one, and the previous one until its 24 hours are over. */
export function signingSecrets(endpoint: EndpointRow, box: SecretBox, now: number): string[] {
  const secrets = [box.open(endpoint.secret)];
  if (endpoint.previous_secret === null || Number(endpoint.previous_secret_until) <= now) return secrets;
  try {
    secrets.push(box.open(endpoint.previous_secret));
  } catch {
    // Sealed under a CSRF_SECRET since replaced (the rotation that followed the change): it can
    // sign nothing any more, and the new secret alone still delivers.
  }
  return secrets;
}

export function customHeaders(endpoint: EndpointRow, box: SecretBox): Record<string, string> {
  return endpoint.headers === null ? {} : (JSON.parse(box.open(endpoint.headers)) as Record<string, string>);
}

/** Sends one claimed message to its endpoint once, and records the attempt with its outcome. */
export async function attemptDelivery(
  context: DeliveryContext,
  message: MessageRow,
  claim: string,
  options: { retry: boolean; evenDisabled?: boolean },
): Promise<ReceiverAnswer | undefined> {
  const { write, read, sender, box, clock } = context;
  const endpoint = await findEndpoint(read(), message.endpoint_id);
  if (!endpoint || (endpoint.enabled !== 1 && !options.evenDisabled)) {
    await write((db) => settleMessage(db, message.id, claim, { status: 'failed' }));
    return undefined;
  }
  const at = clock();
  const answer = await sendOnce(sender, box, endpoint, message, at);
  await write((db) => settle(db, context, { message, endpoint, claim, answer, at, retry: options.retry }));
  return answer;
}

/**
 * One attempt, whatever stops it: a secret or header that cannot be opened (the server's secret
 * changed) or a request Node refuses to make fails the attempt like a receiver's 500 would, so it
 * is logged and follows the retry schedule to the endpoint's disabling, instead of leaving the
 * message claimed and taken again at every lease, forever and unseen.
 */
async function sendOnce(
  sender: Sender,
  box: SecretBox,
  endpoint: EndpointRow,
  message: MessageRow,
  at: number,
): Promise<ReceiverAnswer> {
  let request: SignedRequest;
  try {
    request = {
      url: endpoint.url,
      webhookId: message.webhook_id,
      body: message.payload,
      secrets: signingSecrets(endpoint, box, at),
      headers: customHeaders(endpoint, box),
      at,
    };
  } catch {
    return { status: null, answer: 'not sent: the endpoint’s secret or headers could not be opened', ms: 0 };
  }
  try {
    return await sender.send(request);
  } catch (error) {
    return { status: null, answer: `not sent: ${(error as Error).message}`, ms: 0 };
  }
}

interface Settlement {
  message: MessageRow;
  endpoint: EndpointRow;
  claim: string;
  answer: ReceiverAnswer;
  at: number;
  retry: boolean;
}

/**
 * 2xx is delivered; anything else (3xx included) is a failure, retried on the schedule or after
 * the receiver's Retry-After. 410 disables the endpoint at once; five days of failure too. The
 * attempt, the message's state and the endpoint's are written together.
 */
async function settle(db: Kysely<Database>, context: DeliveryContext, settlement: Settlement): Promise<boolean> {
  const { message, endpoint, claim, answer, at, retry } = settlement;
  const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const now = context.clock();
  const next = nextState(delivered, answer, message.attempts, retry, now);
  const mine = await settleMessage(db, message.id, claim, next);
  if (!mine) return false;
  const outcome = next.status === 'waiting' ? 'retry' : next.status;
  context.log.info(
    { webhook: { message: message.id, attempt: message.attempts, status: answer.status }, outcome },
    'Webhook delivery settled',
  );
  context.onOutcome?.(outcome);
  await recordAttempt(db, {
    messageId: message.id,
    endpointId: endpoint.id,
    attempt: message.attempts,
    status: answer.status,
    delivered,
    at,
    answer: answer.answer,
  });
  if (delivered) {
    await markEndpointHealthy(db, endpoint.id);
    return true;
  }
  await markEndpointFailing(db, endpoint.id, now);
  const failingSince = endpoint.failing_since === null ? now : Number(endpoint.failing_since);
  if (answer.status === 410) await disable(db, context, endpoint, 'gone', now);
  else if (now - failingSince >= FAILING_LIMIT_MS) await disable(db, context, endpoint, 'failing', now);
  return true;
}

function nextState(
  delivered: boolean,
  answer: ReceiverAnswer,
  attempts: number,
  retry: boolean,
  now: number,
): { status: 'waiting' | 'delivered' | 'failed'; nextAttemptAt?: number } {
  if (delivered) return { status: 'delivered' };
  const delay = retry && answer.status !== 410 ? retryDelay(attempts) : undefined;
  if (delay === undefined) return { status: 'failed' };
  return { status: 'waiting', nextAttemptAt: now + Math.max(delay, answer.retryAfterMs ?? 0) };
}

async function disable(
  db: Kysely<Database>,
  context: DeliveryContext,
  endpoint: EndpointRow,
  reason: DisabledReason,
  now: number,
): Promise<void> {
  if (!(await disableEndpoint(db, endpoint.id, reason))) return;
  await dropWaiting(db, endpoint.id);
  await appendAudit(db, {
    at: now,
    actorId: null,
    action: 'webhook_disable',
    detail: { webhook: { id: endpoint.id, url: endpoint.url }, reason },
  });
  context.log.error(
    { webhook: { id: endpoint.id, reason } },
    reason === 'gone' ? 'Webhook endpoint answered 410: disabled' : 'Webhook endpoint failing for 5 days: disabled',
  );
}

/** A claim outlives the receiver's timeout with room to record the outcome. */
export function leaseFor(timeoutMs: number): number {
  return 2 * timeoutMs + 30_000;
}

/** Deliveries under way at most in one process, every endpoint together. */
export const WEBHOOK_CONCURRENCY = 32;
/** Deliveries to one endpoint under way at most in one process: a slow receiver holds these and no more. */
export const DELIVERIES_PER_ENDPOINT = 4;

export interface WebhookWorkerOptions extends DeliveryContext {
  /** How long a receiver may take; the claim's lease outlives it. */
  timeoutMs: number;
  concurrency?: number;
  pollMs?: number;
}

/**
 * Sends the webhook outbox from the server process, as the SMS worker does (outbox/leased-worker.ts):
 * it claims due messages under a lease whenever a slot is free and settles each as it ends, at
 * most DELIVERIES_PER_ENDPOINT at a time per endpoint, so a slow receiver delays only its own
 * events. A message claimed by a process that died is taken again once its lease runs out, so
 * every event is delivered at least once; the receiver deduplicates by webhook-id.
 */
export class WebhookWorker extends LeasedWorker<MessageRow> {
  constructor(options: WebhookWorkerOptions) {
    super({
      concurrency: WEBHOOK_CONCURRENCY,
      ...options,
      leaseMs: leaseFor(options.timeoutMs),
      claimDue: claimDueMessages,
      deliver: (row, claim) => deliverWebhook(options, row, claim),
      perReceiver: { receiverOf: (row) => row.endpoint_id, limit: DELIVERIES_PER_ENDPOINT, release: releaseMessages },
      unreadWarning: 'Webhook outbox not read; trying again shortly',
    });
  }
}

async function deliverWebhook(context: DeliveryContext, row: MessageRow, claim: string): Promise<boolean> {
  try {
    await attemptDelivery(context, row, claim, { retry: true });
    return true;
  } catch (error) {
    // Not recorded: the lease runs out and the message is taken again.
    context.log.warn(
      { webhook: { message: row.id, attempts: row.attempts }, err: { message: (error as Error).message } },
      'Webhook outcome not recorded',
    );
    return false;
  }
}
