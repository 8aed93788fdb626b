import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { MobileCodeSent } from '../../shared/contracts/followup.schemas.js';
import { getAt } from '../../shared/definition/json-pointer.js';
import { messageFor } from '../../shared/definition/schema-messages.js';
import { CODE_LENGTH, type VerifiedField } from '../../shared/definition/verify.js';
import { clientAddressKey } from '../client-address.js';
import type { DatabaseHandle } from '../db/database.js';
import { enqueueSms } from '../sms/outbox.repository.js';
import { CODE_TTL_MS } from '../sms/outbox.worker.js';
import { findThrottle, reserveAttempt, type ThrottleRule } from '../throttle/throttle.repository.js';
import { markVerified, spendTry, storeCode, verifiedAt } from './mobile-code.repository.js';

const MINUTE = 60_000;
export const MAX_TRIES = 3;
export const RESEND_WAIT_MS = MINUTE;
/** Codes a number may be sent before it waits an hour (each one waits RESEND_WAIT_MS first). */
export const CODES_PER_NUMBER = 5;
/** Codes one client address may ask for before it waits an hour: an office may share an address. */
export const CODES_PER_ADDRESS = 20;
export const CODE_LIMIT_LOCK_MS = 60 * MINUTE;
/** A verification counts for a registration sent within this time. */
export const VERIFIED_FOR_MS = 60 * MINUTE;

/** Each code earns the number a minute's wait; the fifth, an hour (and each one after it). */
const numberRule: ThrottleRule = {
  limit: CODES_PER_NUMBER,
  waitAfter: (sent) => (sent >= CODES_PER_NUMBER ? CODE_LIMIT_LOCK_MS : RESEND_WAIT_MS),
};
const addressRule: ThrottleRule = {
  limit: CODES_PER_ADDRESS,
  waitAfter: (sent) => (sent >= CODES_PER_ADDRESS ? CODE_LIMIT_LOCK_MS : 0),
};

export interface MobileCodeDeps {
  database: DatabaseHandle;
  clock: () => number;
  /** SMS_CODES_PER_HOUR: codes sent per clock hour across all numbers. */
  codesPerHour: number;
  /** HMAC under a key derived from the server's secret: codes and numbers are stored only as this. */
  hash: (text: string) => string;
}

export function keyedHash(secret: string): (text: string) => string {
  const key = createHmac('sha256', secret).update('mobile-code').digest();
  return (text) => createHmac('sha256', key).update(text).digest('base64url');
}

const codeHashOf = (deps: MobileCodeDeps, session: string, mobileNumber: string, code: string): string =>
  deps.hash(`code\n${session}\n${mobileNumber}\n${code}`);

export type SendCodeResult =
  { ok: true; sent: MobileCodeSent } | { ok: false; reason: 'wait' | 'limit' | 'capacity'; retryAfterMs: number };

const HOUR = 60 * MINUTE;

/**
 * The SMS account's hourly allowance: one counter per clock hour, shared by every number and every
 * process, locked at `perHour` until the hour is over.
 */
function capacityOf(perHour: number, now: number): { key: string; rule: ThrottleRule } {
  const hour = Math.floor(now / HOUR);
  const untilNextHour = (hour + 1) * HOUR - now;
  return {
    key: smsCodesHourKey(now),
    rule: { limit: perHour, waitAfter: (sent) => (sent >= perHour ? untilNextHour : 0) },
  };
}

/** The throttle key counting this clock hour's codes (the metrics read how much of it is spent). */
export function smsCodesHourKey(now: number): string {
  return `sms-codes-hour:${Math.floor(now / HOUR)}`;
}

class Refused extends Error {
  constructor(
    readonly key: string,
    readonly reason: 'wait' | 'limit' | 'capacity',
  ) {
    super(reason);
  }
}

/**
 * Sends a new five-digit code to a number for this pre-session: counted per number (a minute
 * between codes, an hour after five) and per client address (an hour after twenty), the code
 * stored as its HMAC, the SMS queued — all in one transaction, so a refused or failed request
 * counts nothing and sends nothing. Last comes the hourly allowance of all numbers
 * (SMS_CODES_PER_HOUR), so that a request refused for its number or address does not touch it. The counting is the sign-in throttle's (one statement, the
 * database increments), so parallel requests cannot send more than the limits allow.
 */
export async function sendCode(
  deps: MobileCodeDeps,
  request: { session: string; mobileNumber: string; address: string },
): Promise<SendCodeResult> {
  const now = deps.clock();
  const numberKey = `sms-number:${deps.hash(`number\n${request.mobileNumber}`)}`;
  const addressKey = `sms-address:${clientAddressKey(request.address)}`;
  const capacity = capacityOf(deps.codesPerHour, now);
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  try {
    await deps.database.transaction('durable', async (trx) => {
      const sent = await reserveAttempt(trx, numberKey, now, numberRule);
      if (sent === undefined) throw new Refused(numberKey, 'wait');
      if ((await reserveAttempt(trx, addressKey, now, addressRule)) === undefined)
        throw new Refused(addressKey, 'limit');
      if ((await reserveAttempt(trx, capacity.key, now, capacity.rule)) === undefined)
        throw new Refused(capacity.key, 'capacity');
      await storeCode(trx, {
        session: request.session,
        mobileNumber: request.mobileNumber,
        codeHash: codeHashOf(deps, request.session, request.mobileNumber, code),
        now,
        expiresAt: now + CODE_TTL_MS,
      });
      await enqueueSms(trx, { kind: 'code', receptor: request.mobileNumber, token: code }, now);
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const [row] = await findThrottle(deps.database.db, [error.key]);
    const retryAfterMs = Math.max(1000, (row?.locked_until ?? now) - now);
    if (error.reason === 'capacity') return { ok: false, reason: 'capacity', retryAfterMs };
    return { ok: false, reason: retryAfterMs > RESEND_WAIT_MS ? 'limit' : error.reason, retryAfterMs };
  }
  return { ok: true, sent: { resendAfterMs: RESEND_WAIT_MS, expiresInMs: CODE_TTL_MS } };
}

export type CheckCodeResult =
  { ok: true } | { ok: false; reason: 'wrong'; triesLeft: number } | { ok: false; reason: 'expired' };

/**
 * Checks a typed code: one try is spent first (by the database), then the HMACs are compared in
 * constant time. Three tries per code; a code lives two minutes.
 */
export async function checkCode(
  deps: MobileCodeDeps,
  request: { session: string; mobileNumber: string; code: string },
): Promise<CheckCodeResult> {
  const now = deps.clock();
  const db = deps.database.db;
  const live = await spendTry(db, request.session, request.mobileNumber, now, MAX_TRIES);
  if (!live) {
    // Typed again after it was confirmed (a double tap): still confirmed.
    const confirmed = await verifiedAt(db, request.session, request.mobileNumber, now - VERIFIED_FOR_MS);
    return confirmed === undefined ? { ok: false, reason: 'expired' } : { ok: true };
  }
  const typed = Buffer.from(codeHashOf(deps, request.session, request.mobileNumber, request.code));
  const stored = Buffer.from(live.codeHash);
  if (typed.length !== stored.length || !timingSafeEqual(typed, stored)) {
    const triesLeft = MAX_TRIES - live.tries;
    return triesLeft > 0 ? { ok: false, reason: 'wrong', triesLeft } : { ok: false, reason: 'expired' };
  }
  await markVerified(db, request.session, request.mobileNumber, now);
  return { ok: true };
}

/**
 * The fields declared `"verify": "sms"` whose number this pre-session has not verified (within
 * the hour), each with its message from schemas/ (`errorMessage.verify`, else the common one).
 */
export async function unverifiedNumbers(
  deps: Pick<MobileCodeDeps, 'database' | 'clock'>,
  fields: readonly VerifiedField[],
  session: string,
  form: unknown,
): Promise<Record<string, string>> {
  const refused: Record<string, string> = {};
  const since = deps.clock() - VERIFIED_FOR_MS;
  for (const field of fields) {
    const value = getAt(form, field.pointer);
    if (typeof value !== 'string') continue;
    if ((await verifiedAt(deps.database.db, session, value, since)) === undefined)
      refused[field.pointer] = messageFor(field.schema, 'verify');
  }
  return refused;
}
