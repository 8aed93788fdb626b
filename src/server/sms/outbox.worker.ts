import type { FastifyBaseLogger } from 'fastify';
import type { Work } from '../db/group-commit.js';
import { LeasedWorker } from '../outbox/leased-worker.js';
import { claimDue, markFailed, markRetry, markSent, type OutboxRow } from './outbox.repository.js';
import { maskMobile, type SmsProvider } from './provider.js';

/** A code is worth sending only while it can be typed in (mobile-code.service.ts). */
export const CODE_TTL_MS = 2 * 60_000;
/** A notice nobody could deliver for two days is given up (the status page still tells the story). */
export const NOTICE_TTL_MS = 2 * 24 * 3_600_000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 15 * 60_000;

/** The wait before attempt n + 1 after n failed: 5 s, 10 s, 20 s… up to 15 minutes, ±20 %. */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface SmsWorkerOptions {
  /**
   * Runs a write durably. The server passes its group commit, so the worker's claims and settlements
   * share the registrations' transactions and fsyncs instead of taking the one SQLite writer (and
   * the disk) once per message while registrations wait.
   */
  write: <T>(work: Work<T>) => Promise<T>;
  provider: SmsProvider;
  clock: () => number;
  log: FastifyBaseLogger;
  /** How long a provider call may take (the adapter's own timeout); the claim outlives it. */
  sendTimeoutMs: number;
  /** Told each settled delivery's outcome (the metrics count them). */
  onOutcome?: (outcome: SmsOutcome) => void;
  concurrency?: number;
  pollMs?: number;
}

/**
 * Sends the outbox, in the server process (outbox/leased-worker.ts): whenever one of its slots is
 * free it claims due messages (outbox.repository.ts claimDue: one worker per message, whatever the
 * number of processes), sends them, and settles each as it ends: sent; back to waiting
 * with a growing delay after a transient failure; failed for good after a permanent one, which is
 * also an alert in the log. The queue is in the database, so a restart loses nothing: a message
 * claimed by a process that died is taken again once its claim's lease runs out.
 */
export class SmsWorker extends LeasedWorker<OutboxRow> {
  constructor(options: SmsWorkerOptions) {
    super({
      ...options,
      // A send ends within the timeout: the lease leaves room to settle.
      leaseMs: 3 * options.sendTimeoutMs + 30_000,
      claimDue,
      deliver: (row, claim) => deliverSms(options, row, claim),
      unreadWarning: 'SMS outbox not read; trying again shortly',
    });
  }
}

/** What became of one delivery: handed to the provider, to be tried again, refused for good, or too late. */
export type SmsOutcome = 'delivered' | 'retry' | 'failed' | 'expired';

async function deliverSms(options: SmsWorkerOptions, row: OutboxRow, claim: string): Promise<boolean> {
  const settled = await settleSms(options, row, claim);
  if (settled.recorded) {
    // One line per delivery, whatever its outcome: the message's id, never its number or text.
    options.log.info(
      { sms: { id: row.id, kind: row.kind, attempts: row.attempts }, outcome: settled.outcome },
      'SMS delivery settled',
    );
    options.onOutcome?.(settled.outcome);
  }
  return settled.recorded;
}

async function settleSms(
  options: SmsWorkerOptions,
  row: OutboxRow,
  claim: string,
): Promise<{ outcome: SmsOutcome; recorded: boolean }> {
  const { write, clock, provider, log } = options;
  const about = { id: row.id, kind: row.kind, to: maskMobile(row.receptor), attempts: row.attempts };
  try {
    const ttl = row.kind === 'code' ? CODE_TTL_MS : NOTICE_TTL_MS;
    if (clock() - row.created_at > ttl) {
      log.error({ sms: about }, 'SMS given up: it could not be sent in time (see the outbox)');
      return { outcome: 'expired', recorded: await write((db) => markFailed(db, row.id, claim, 'expired')) };
    }
    const outcome = await provider.send({
      id: row.id,
      kind: row.kind,
      receptor: row.receptor,
      message: row.message,
      token: row.token,
    });
    if (outcome.ok) {
      const delivery = { providerId: outcome.providerId, keepToken: provider.name === 'log' };
      return { outcome: 'delivered', recorded: await write((db) => markSent(db, row.id, claim, clock(), delivery)) };
    }
    if (outcome.permanent) {
      // The operator must act (a key, a template, the credit): an error line is the alert.
      log.error({ sms: about, reason: outcome.reason }, 'SMS refused by the provider; it will not be retried');
      return { outcome: 'failed', recorded: await write((db) => markFailed(db, row.id, claim, outcome.reason)) };
    }
    const delay = retryDelay(row.attempts);
    log.warn({ sms: about, reason: outcome.reason, retryInMs: delay }, 'SMS not sent; it will be tried again');
    const recorded = await write((db) => markRetry(db, row.id, claim, clock() + delay, outcome.reason));
    return { outcome: 'retry', recorded };
  } catch (error) {
    // The database failed while settling: the claim's lease runs out and the row is taken again.
    log.warn({ sms: about, err: { message: (error as Error).message } }, 'SMS outcome not recorded');
    return { outcome: 'retry', recorded: false };
  }
}
