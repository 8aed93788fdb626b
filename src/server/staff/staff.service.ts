import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { clientAddressKey } from '../client-address.js';
import type { Database } from '../db/tables.js';
import type { StaffIdentity } from '../staff-identity.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import * as repository from './staff.repository.js';
import type { StaffRole } from './staff.table.js';
import * as throttle from '../throttle/throttle.repository.js';

const MINUTE = 60_000;
export const IDLE_TIMEOUT_MS = 30 * MINUTE;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * MINUTE;
export const LOCK_MS = 15 * MINUTE;
/** Failures before a lock: an office may share one address, so the address gets more room than an account. */
export const ACCOUNT_FAILURES_BEFORE_LOCK = 5;
export const SIGN_IN_FAILURES_PER_ADDRESS_BEFORE_LOCK = 20;
export const SIGN_IN_FREE_FAILURES_PER_ADDRESS = 10;
export const MIN_PASSWORD_LENGTH = 12;
/** A throttle key that has had nothing to wait for this long is forgotten. */
export const THROTTLE_MEMORY_MS = 24 * 60 * MINUTE;

export type SignInResult =
  | { ok: true; sessionId: string; identity: StaffIdentity }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'locked'; retryAfterMs: number };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export async function createStaffAccount(
  db: Kysely<Database>,
  email: string,
  role: StaffRole,
  password: string,
  now: number,
): Promise<number> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  return repository.insertStaffAccount(db, normalizeEmail(email), role, await hashPassword(password), now);
}

/** A new password also ends every session of the account. */
export async function changeStaffPassword(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  const account = await repository.findStaffByEmail(db, normalizeEmail(email));
  if (!account) return false;
  await repository.setStaffPassword(db, account.email, await hashPassword(password));
  await repository.deleteSessionsOf(db, account.id);
  return true;
}

export async function disableStaffAccount(db: Kysely<Database>, email: string): Promise<boolean> {
  const id = await repository.disableStaff(db, normalizeEmail(email));
  if (id === undefined) return false;
  await repository.deleteSessionsOf(db, id);
  return true;
}

const accountKey = (email: string): string => `account:${email}`;
const addressKey = (address: string): string => `address:${clientAddressKey(address)}`;

/**
 * The wait after the n-th attempt in a row: none while `free` attempts last, then 1, 2, 4, 8 s…,
 * and a lock of LOCK_MS at `limit`. An address gets free attempts, so colleagues behind one office
 * address are not slowed down by one of them mistyping.
 */
const waitAfter =
  (limit: number, free: number): throttle.WaitAfter =>
  (attempts) => {
    if (attempts >= limit) return LOCK_MS;
    return attempts <= free ? 0 : 1000 * 2 ** (attempts - free - 1);
  };

const accountThrottle: throttle.ThrottleRule = {
  limit: ACCOUNT_FAILURES_BEFORE_LOCK,
  waitAfter: waitAfter(ACCOUNT_FAILURES_BEFORE_LOCK, 0),
};
const addressThrottle: throttle.ThrottleRule = {
  limit: SIGN_IN_FAILURES_PER_ADDRESS_BEFORE_LOCK,
  waitAfter: waitAfter(SIGN_IN_FAILURES_PER_ADDRESS_BEFORE_LOCK, SIGN_IN_FREE_FAILURES_PER_ADDRESS),
};

/**
 * Checks an e-mail and password, throttled per client address and per account (state in the
 * database, so every process sees it). Each attempt is counted *before* the password is checked,
 * by the database's own increment, so guesses sent in parallel are each counted and stop at the
 * lock; an attempt refused while its key waits counts too. A right password gives its attempt
 * back. An unknown e-mail is counted and hashed like a known one, so nothing tells them apart.
 */
export async function signIn(
  db: Kysely<Database>,
  emailInput: string,
  password: string,
  address: string,
  clock: () => number,
): Promise<SignInResult> {
  const now = clock();
  const email = normalizeEmail(emailInput);
  const [atAddress, atAccount] = [addressKey(address), accountKey(email)];
  const addressAttempt = await throttle.reserveAttempt(db, atAddress, now, addressThrottle);
  if (addressAttempt === undefined) return refused(db, atAddress, addressThrottle, now);
  const accountAttempt = await throttle.reserveAttempt(db, atAccount, now, accountThrottle);
  if (accountAttempt === undefined) {
    // The account is waiting: the office behind this address is not charged for it.
    await throttle.giveBackAttempt(db, atAddress, addressAttempt);
    return refused(db, atAccount, accountThrottle, now);
  }

  const account = await repository.findStaffByEmail(db, email);
  const matches = await verifyPassword(password, account?.password_hash ?? (await decoyHash()));
  if (!account || !matches || account.disabled) {
    // The wait runs from the answer, not from the question: the hashing took time.
    const answered = clock();
    await throttle.extendWait(db, atAddress, answered, addressThrottle.waitAfter(addressAttempt));
    await throttle.extendWait(db, atAccount, answered, accountThrottle.waitAfter(accountAttempt));
    return { ok: false, reason: 'wrong' };
  }

  await throttle.clearThrottle(db, atAccount);
  await throttle.giveBackAttempt(db, atAddress, addressAttempt);
  const sessionId = randomBytes(32).toString('base64url');
  await repository.insertStaffSession(db, hashSessionId(sessionId), account.id, now);
  return { ok: true, sessionId, identity: { accountId: account.id, email: account.email, role: account.role } };
}

async function refused(
  db: Kysely<Database>,
  key: string,
  rule: throttle.ThrottleRule,
  now: number,
): Promise<SignInResult> {
  const until = await throttle.countRefusedAttempt(db, key, now, rule);
  return { ok: false, reason: 'locked', retryAfterMs: Math.max(1000, (until ?? now) - now) };
}

/** Drops sessions past their limits and throttle rows quiet for a day (their counts start afresh). */
export async function purgeStaleSignIns(db: Kysely<Database>, now: number): Promise<void> {
  await repository.deleteExpiredSessions(db, now - IDLE_TIMEOUT_MS, now - ABSOLUTE_TIMEOUT_MS);
  await throttle.deleteQuietThrottles(db, now - THROTTLE_MEMORY_MS);
}

/** The identity behind a session cookie, or undefined once it is idle, too old, revoked or its account disabled. */
export async function resolveSession(
  db: Kysely<Database>,
  sessionId: string,
  now: number,
): Promise<StaffIdentity | undefined> {
  const idHash = hashSessionId(sessionId);
  const session = await repository.findStaffSession(db, idHash);
  if (!session) return undefined;
  const expired = now - session.last_seen_at > IDLE_TIMEOUT_MS || now - session.created_at > ABSOLUTE_TIMEOUT_MS;
  if (expired || session.disabled) {
    await repository.deleteStaffSession(db, idHash);
    return undefined;
  }
  // A write per request would be wasted: a minute's precision is plenty for a 30-minute idle limit.
  if (now - session.last_seen_at > MINUTE) await repository.touchStaffSession(db, idHash, now);
  return { accountId: session.account_id, email: session.email, role: session.role };
}

export async function signOut(db: Kysely<Database>, sessionId: string): Promise<void> {
  await repository.deleteStaffSession(db, hashSessionId(sessionId));
}
