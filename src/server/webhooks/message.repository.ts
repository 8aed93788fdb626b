import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { WebhookEvent, WebhookEventType, WebhookPayload } from '../../shared/contracts/integrations.js';
import type { Database } from '../db/tables.js';
import { claimDueRows, releaseClaimed } from '../outbox/lease.repository.js';
import type { WebhookMessageTable } from './webhook.table.js';

export type MessageRow = Selectable<WebhookMessageTable>;

/** A `webhook-id`: one per event, kept by every attempt and every endpoint it goes to. */
export function newWebhookId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Queues one event for every enabled endpoint that subscribes to it, in one statement (no read
 * of the endpoints on the caller's path) and in the caller's transaction: the change it reports
 * and its event are stored together or not at all. Nothing is sent here; the worker sends later,
 * so a slow or absent receiver never touches the change. The events are matched in the stored
 * JSON array by their quoted name, which no other event name contains.
 */
export async function queueEvent(db: Kysely<Database>, payload: WebhookPayload & { type: WebhookEvent }, now: number) {
  const body = JSON.stringify(payload);
  await db
    .insertInto('webhook_messages')
    .columns(['endpoint_id', 'webhook_id', 'event', 'payload', 'status', 'next_attempt_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          sql<string>`cast(${newWebhookId()} as text)`.as('webhook_id'),
          sql<string>`cast(${payload.type} as text)`.as('event'),
          sql<string>`cast(${body} as text)`.as('payload'),
          sql<string>`'waiting'`.as('status'),
          sql<number>`cast(${now} as bigint)`.as('next_attempt_at'),
          sql<number>`cast(${now} as bigint)`.as('created_at'),
        ])
        .where('enabled', '=', 1)
        .where('events', 'like', `%"${payload.type}"%`),
    )
    .execute();
}

/** A message for one endpoint outside the queue (the «ارسال رویداد آزمایشی» ping), already claimed by its sender. */
export async function insertClaimedMessage(
  db: Kysely<Database>,
  message: { endpointId: number; event: WebhookEventType; payload: string; claim: string; leaseUntil: number },
  now: number,
): Promise<MessageRow> {
  return db
    .insertInto('webhook_messages')
    .values({
      endpoint_id: message.endpointId,
      webhook_id: newWebhookId(),
      event: message.event,
      payload: message.payload,
      status: 'sending',
      attempts: 1,
      next_attempt_at: now,
      claim: message.claim,
      claimed_until: message.leaseUntil,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims up to `limit` due messages for one worker, leaving those of the endpoints in `busy`
 * (outbox/lease.repository.ts says how: one worker per message, whatever the number of processes).
 */
export function claimDueMessages(
  db: Kysely<Database>,
  claim: { claim: string; now: number; leaseUntil: number; limit: number; busy?: readonly number[] },
): Promise<MessageRow[]> {
  return claimDueRows<MessageRow>(db, { table: 'webhook_messages', ...claim, skipEndpoints: claim.busy });
}

/** Gives back messages claimed beyond what their endpoint may take at once. */
export function releaseMessages(db: Kysely<Database>, claim: string, rows: MessageRow[]): Promise<void> {
  return releaseClaimed(
    db,
    'webhook_messages',
    claim,
    rows.map((row) => row.id),
  );
}

/** Settles a claimed message; false when the claim is no longer this worker's (its lease was taken over). */
export async function settleMessage(
  db: Kysely<Database>,
  id: number,
  claim: string,
  values: { status: 'waiting' | 'delivered' | 'failed'; nextAttemptAt?: number },
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_messages')
    .set({
      status: values.status,
      claim: null,
      claimed_until: null,
      ...(values.nextAttemptAt === undefined ? {} : { next_attempt_at: values.nextAttemptAt }),
    })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recordAttempt(
  db: Kysely<Database>,
  attempt: {
    messageId: number;
    endpointId: number;
    attempt: number;
    status: number | null;
    delivered: boolean;
    at: number;
    answer: string;
  },
): Promise<void> {
  await db
    .insertInto('webhook_attempts')
    .values({
      message_id: attempt.messageId,
      endpoint_id: attempt.endpointId,
      attempt: attempt.attempt,
      status: attempt.status,
      delivered: attempt.delivered ? 1 : 0,
      at: attempt.at,
      answer: attempt.answer,
    })
    .execute();
}

/** An endpoint's delivery log, newest first: each attempt with its message's id and state. */
export function listAttempts(db: Kysely<Database>, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_attempts')
    .innerJoin('webhook_messages', 'webhook_messages.id', 'webhook_attempts.message_id')
    .select([
      'webhook_attempts.id',
      'webhook_attempts.attempt',
      'webhook_attempts.status',
      'webhook_attempts.delivered',
      'webhook_attempts.at',
      'webhook_attempts.answer',
      'webhook_messages.webhook_id',
      'webhook_messages.event',
      'webhook_messages.status as message_status',
    ])
    .where('webhook_attempts.endpoint_id', '=', endpointId)
    .orderBy('webhook_attempts.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Puts the message of one logged attempt back in the queue, due at once (same webhook-id, next
 * attempt number); false when there is no such attempt of this endpoint, or its message is being
 * sent right now.
 */
export async function requeueAttempt(
  db: Kysely<Database>,
  endpointId: number,
  attemptId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_messages')
    .set({ status: 'waiting', next_attempt_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '!=', 'sending')
    .where('id', '=', (eb) =>
      eb
        .selectFrom('webhook_attempts')
        .select('message_id')
        .where('id', '=', attemptId)
        .where('endpoint_id', '=', endpointId),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function attemptExists(db: Kysely<Database>, endpointId: number, attemptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_attempts')
    .select('id')
    .where('id', '=', attemptId)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Messages still owed to an endpoint that is no longer enabled are given up. */
export async function dropWaiting(db: Kysely<Database>, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_messages')
    .set({ status: 'failed' })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'waiting')
    .execute();
}
