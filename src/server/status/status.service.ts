import type { Kysely } from 'kysely';
import { APPLICANT_STATUSES, type ApplicantStatus } from '../../shared/contracts/followup.js';
import type { StatusAnswer } from '../../shared/contracts/followup.schemas.js';
import { clientAddressKey } from '../client-address.js';
import type { Database } from '../db/tables.js';
import {
  countRefusedAttempt,
  giveBackAttempt,
  reserveAttempt,
  type ThrottleRule,
} from '../throttle/throttle.repository.js';
import { findForStatus, latestStatusChange } from './status.repository.js';

const MINUTE = 60_000;
/** Wrong answers in a row on one tracking code before it is locked for STATUS_LOCK_MS. */
export const CODE_FAILURES_BEFORE_LOCK = 5;
/** Wrong answers from one client address before it is locked: an office may share one. */
export const STATUS_FAILURES_PER_ADDRESS_BEFORE_LOCK = 30;
export const STATUS_LOCK_MS = 15 * MINUTE;

const lockAt = (limit: number): ThrottleRule => ({
  limit,
  waitAfter: (attempts) => (attempts >= limit ? STATUS_LOCK_MS : 0),
});
const codeRule = lockAt(CODE_FAILURES_BEFORE_LOCK);
const addressRule = lockAt(STATUS_FAILURES_PER_ADDRESS_BEFORE_LOCK);

export type StatusResult =
  | { ok: true; answer: StatusAnswer }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'locked'; retryAfterMs: number };

interface DecisionDetail {
  reason?: unknown;
  showReason?: unknown;
}

/**
 * A registration's status for the manager who has both its tracking code and its mobile number.
 * Every attempt is counted before the answer is looked at, per client address and per tracking
 * code (the sign-in throttle's atomic counting, under keys of their own), and a right answer gives
 * its attempt back; five wrong answers on a code lock it for 15 minutes, whether the code exists
 * or not. A wrong number and an unknown code take the same steps and get the same answer.
 */
export async function lookUpStatus(
  db: Kysely<Database>,
  request: { trackingCode: string; mobileNumber: string; address: string },
  now: number,
): Promise<StatusResult> {
  const addressKey = `status-address:${clientAddressKey(request.address)}`;
  const codeKey = `status-code:${request.trackingCode}`;
  const addressAttempt = await reserveAttempt(db, addressKey, now, addressRule);
  if (addressAttempt === undefined) return locked(db, addressKey, addressRule, now);
  const codeAttempt = await reserveAttempt(db, codeKey, now, codeRule);
  if (codeAttempt === undefined) {
    await giveBackAttempt(db, addressKey, addressAttempt);
    return locked(db, codeKey, codeRule, now);
  }
  const row = await findForStatus(db, request.trackingCode, request.mobileNumber);
  if (!row) return { ok: false, reason: 'not_found' };
  await giveBackAttempt(db, codeKey, codeAttempt);
  await giveBackAttempt(db, addressKey, addressAttempt);
  const change = await latestStatusChange(db, row.id);
  const status = applicantStatus(row.status);
  const detail = parseDetail(change?.detail ?? null);
  const reason =
    status === 'rejected' && detail.showReason === true && typeof detail.reason === 'string'
      ? detail.reason
      : undefined;
  return {
    ok: true,
    answer: {
      trackingCode: row.tracking_code,
      pharmacyName: row.pharmacy_name,
      status,
      changedAt: change ? new Date(Number(change.at)).toISOString() : row.created_at,
      ...(reason ? { reason } : {}),
    },
  };
}

async function locked(db: Kysely<Database>, key: string, rule: ThrottleRule, now: number): Promise<StatusResult> {
  const until = await countRefusedAttempt(db, key, now, rule);
  return { ok: false, reason: 'locked', retryAfterMs: Math.max(1000, (until ?? now) - now) };
}

function applicantStatus(status: string): ApplicantStatus {
  return (APPLICANT_STATUSES as readonly string[]).includes(status) ? (status as ApplicantStatus) : 'contacted';
}

function parseDetail(detail: string | null): DecisionDetail {
  if (detail === null) return {};
  try {
    const value: unknown = JSON.parse(detail);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}
