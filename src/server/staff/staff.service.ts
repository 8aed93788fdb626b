import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import * as repository from './staff.repository.js';
import type { StaffRole } from './staff.table.js';

const MINUTE = 60_000;
export const IDLE_TIMEOUT_MS = 30 * MINUTE;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * MINUTE;
export const LOCK_MS = 15 * MINUTE;
/** Failures before a lock: an office may share one address, so the address gets more room than an account. */
export const ACCOUNT_FAILURES_BEFORE_LOCK = 5;
export const ADDRESS_FAILURES_BEFORE_LOCK = 20;
export const ADDRESS_FREE_FAILURES = 10;
export const MIN_PASSWORD_LENGTH = 12;

export interface StaffIdentity {
  accountId: number;
  email: string;
  role: StaffRole;
}

export type SignInResult =
  { ok: true; sessionId: string; identity: StaffIdentity } | { ok: false; reason: 'locked' | 'wrong' };

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
const addressKey = (address: string): string => `address:${address}`;

/**
 * Waiting time after the n-th failure in a row: 1, 2, 4, 8 s… once `free` failures are spent, then
 * a lock of LOCK_MS. An address gets free failures, so colleagues behind one office address are not
 * slowed down by one of them mistyping.
 */
function lockAfter(failures: number, failuresBeforeLock: number, free: number): number {
  if (failures >= failuresBeforeLock) return LOCK_MS;
  return failures <= free ? 0 : 1000 * 2 ** (failures - free - 1);
}

/**
 * Checks an e-mail and password, throttled per account and per client address (state in the
 * database, so every process sees it). An unknown e-mail costs the same hashing as a known one.
 */
export async function signIn(
  db: Kysely<Database>,
  emailInput: string,
  password: string,
  address: string,
  now: number,
): Promise<SignInResult> {
  const email = normalizeEmail(emailInput);
  const keys: Record<string, [number, number]> = {
    [accountKey(email)]: [ACCOUNT_FAILURES_BEFORE_LOCK, 0],
    [addressKey(address)]: [ADDRESS_FAILURES_BEFORE_LOCK, ADDRESS_FREE_FAILURES],
  };
  const throttles = await repository.findThrottle(db, Object.keys(keys));
  if (throttles.some((row) => row.locked_until > now)) return { ok: false, reason: 'locked' };

  const account = await repository.findStaffByEmail(db, email);
  const matches = await verifyPassword(password, account?.password_hash ?? (await decoyHash()));
  if (!account || !matches || account.disabled) {
    for (const [key, [limit, free]] of Object.entries(keys)) {
      const previous = throttles.find((row) => row.key === key);
      const failures = (previous?.failures ?? 0) + 1;
      await repository.saveThrottle(db, {
        key,
        failures,
        last_failure_at: now,
        locked_until: now + lockAfter(failures, limit, free),
      });
    }
    return { ok: false, reason: 'wrong' };
  }
  await repository.clearThrottle(db, accountKey(email));
  const sessionId = randomBytes(32).toString('base64url');
  await repository.insertStaffSession(db, hashSessionId(sessionId), account.id, now);
  return { ok: true, sessionId, identity: { accountId: account.id, email: account.email, role: account.role } };
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
