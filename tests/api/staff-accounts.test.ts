import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { hashPassword, verifyPassword } from '../../src/server/staff/password.js';
import type * as Password from '../../src/server/staff/password.js';
import { findStaffByEmail } from '../../src/server/staff/staff.repository.js';
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  LOCK_MS,
  THROTTLE_MEMORY_MS,
  changeStaffPassword,
  createStaffAccount,
  disableStaffAccount,
  hashSessionId,
  purgeStaleSignIns,
  resolveSession,
  signIn,
  signOut,
} from '../../src/server/staff/staff.service.js';
import { databaseTargets, type DatabaseTarget } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

// Some forty guesses per database are for unknown e-mails, each checked against the decoy hash: at
// the test cost here (staff-password.ts). Its production cost is proved under «password hashing».
vi.mock(import('../../src/server/staff/password.js'), async (importOriginal) => {
  const { testPasswordHash } = await import('./staff-password.js');
  return { ...(await importOriginal()), decoyHash: () => testPasswordHash('the decoy of an unknown e-mail') };
});

const targets = await databaseTargets();
const PASSWORD = 'correct horse battery';

function throttleOf(database: DatabaseHandle, key: string) {
  return database.db.selectFrom('throttle').selectAll().where('key', '=', key).executeTakeFirst();
}

describe('password hashing', () => {
  it('uses scrypt with OWASP parameters and a fresh salt, and verifies only the right password', async () => {
    const [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, first)).toBe(false);
  });

  it('checks an unknown e-mail against a decoy hashed at the same cost', async () => {
    const production = await vi.importActual<typeof Password>('../../src/server/staff/password.js');
    expect(await production.decoyHash()).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });
});

describe.each(targets)('staff accounts and sessions on $name', (target: DatabaseTarget) => {
  let database: DatabaseHandle;
  /** A sign-in whose clock stands still at `now`. */
  const signInAt = (email: string, password: string, address: string, now: number) =>
    signIn(database.db, email, password, address, () => now);
  beforeAll(async () => {
    database = await openDatabase(parseDatabaseUrl(target.url));
    await addStaffAccount(database.db, 'agent@example.ir', 'agent', PASSWORD, 0);
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('stores the e-mail in lower case and never the password itself', async () => {
    await createStaffAccount(database.db, 'Stored@Example.ir', 'agent', PASSWORD, 0);
    const account = await findStaffByEmail(database.db, 'stored@example.ir');
    expect(account?.role).toBe('agent');
    expect(account?.password_hash).not.toContain(PASSWORD);
    // At the production cost (the other accounts of these tests are made at a test cost: staff-account.ts).
    expect(account?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    await expect(createStaffAccount(database.db, 'x@example.ir', 'agent', 'short', 0)).rejects.toThrow(/12 characters/);
  });

  it('signs in with a new opaque id each time, stores only its hash, and signs out', async () => {
    const first = await signInAt('AGENT@example.ir', PASSWORD, '10.0.0.1', 1000);
    const second = await signInAt('agent@example.ir', PASSWORD, '10.0.0.1', 1000);
    if (!first.ok || !second.ok) throw new Error('sign-in failed');
    expect(first.sessionId).not.toBe(second.sessionId);
    const stored = await database.db.selectFrom('staff_sessions').select('id_hash').execute();
    expect(stored.map((row) => row.id_hash)).not.toContain(first.sessionId);
    expect(await resolveSession(database.db, first.sessionId, 2000)).toMatchObject({
      email: 'agent@example.ir',
      role: 'agent',
    });
    await signOut(database.db, first.sessionId);
    expect(await resolveSession(database.db, first.sessionId, 3000)).toBeUndefined();
    expect(await resolveSession(database.db, second.sessionId, 3000)).toBeDefined();
  });

  it('ends a session after 30 idle minutes and after 12 hours in all', async () => {
    const idle = await signInAt('agent@example.ir', PASSWORD, '10.0.0.2', 0);
    if (!idle.ok) throw new Error('sign-in failed');
    expect(await resolveSession(database.db, idle.sessionId, IDLE_TIMEOUT_MS - 1)).toBeDefined();
    expect(await resolveSession(database.db, idle.sessionId, 2 * IDLE_TIMEOUT_MS + 1)).toBeUndefined();

    const busy = await signInAt('agent@example.ir', PASSWORD, '10.0.0.2', 0);
    if (!busy.ok) throw new Error('sign-in failed');
    let now = 0;
    while (now + IDLE_TIMEOUT_MS / 2 < ABSOLUTE_TIMEOUT_MS) {
      now += IDLE_TIMEOUT_MS / 2;
      expect(await resolveSession(database.db, busy.sessionId, now)).toBeDefined();
    }
    expect(await resolveSession(database.db, busy.sessionId, ABSOLUTE_TIMEOUT_MS + 1)).toBeUndefined();
  });

  it('delays after each failure, locks the account after five, and tells nothing apart', async () => {
    await addStaffAccount(database.db, 'locked@example.ir', 'agent', PASSWORD, 0);
    let now = 10_000_000;
    for (let failure = 1; failure <= 5; failure += 1) {
      expect(await signInAt('locked@example.ir', 'wrong password', `10.1.0.${failure}`, now)).toEqual({
        ok: false,
        reason: 'wrong',
      });
      if (failure < 5) now += 1000 * 2 ** (failure - 1);
    }
    // Locked for 15 minutes: even the right password is refused, and told how long is left.
    expect(await signInAt('locked@example.ir', PASSWORD, '10.9.9.9', now + 60_000)).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterMs: LOCK_MS - 60_000,
    });
    expect((await signInAt('locked@example.ir', PASSWORD, '10.9.9.9', now + LOCK_MS)).ok).toBe(true);
    // An unknown e-mail fails the same way as a wrong password.
    expect(await signInAt('nobody@example.ir', PASSWORD, '10.2.0.1', now)).toEqual({
      ok: false,
      reason: 'wrong',
    });
  });

  it('refuses the right password inside a delay, and counts that attempt as a guess', async () => {
    await addStaffAccount(database.db, 'hasty@example.ir', 'agent', PASSWORD, 0);
    const now = 20_000_000;
    expect((await signInAt('hasty@example.ir', 'typo', '10.5.0.1', now)).ok).toBe(false);
    expect(await signInAt('hasty@example.ir', PASSWORD, '10.5.0.1', now + 400)).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterMs: 2000,
    });
    // The refused attempt was the second in a row, so it earned a wait of 2 s from when it was made.
    expect((await signInAt('hasty@example.ir', PASSWORD, '10.5.0.1', now + 2399)).ok).toBe(false);
    expect((await signInAt('hasty@example.ir', PASSWORD, '10.5.0.1', now + 10_000)).ok).toBe(true);
    expect(await throttleOf(database, 'account:hasty@example.ir')).toBeUndefined();
  });

  it('locks a client address after twenty failures, whatever the accounts', async () => {
    let now = 50_000_000;
    for (let failure = 1; failure <= 20; failure += 1) {
      // Each guess is a new account, so only the address's own delay (after ten free failures) applies.
      if (failure > 11) now += 1000 * 2 ** (failure - 12);
      expect(await signInAt(`guess${failure}@example.ir`, 'wrong password', '10.3.0.1', now)).toEqual({
        ok: false,
        reason: 'wrong',
      });
    }
    now += LOCK_MS - 1;
    expect(await signInAt('agent@example.ir', PASSWORD, '10.3.0.1', now)).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterMs: 1000,
    });
    expect((await signInAt('agent@example.ir', PASSWORD, '10.3.0.2', now)).ok).toBe(true);
  });

  it("keeps an address's free attempts free for a request whose clock read an earlier millisecond", async () => {
    // Parallel requests read their clocks before the database puts them in order: the later one in
    // the database may carry the earlier time. A free attempt must not look like a wait to it.
    const now = 70_000_000;
    expect(await signInAt('nobody-a@example.ir', 'guess', '10.8.9.1', now)).toEqual({ ok: false, reason: 'wrong' });
    expect(await signInAt('nobody-b@example.ir', 'guess', '10.8.9.1', now - 5)).toEqual({ ok: false, reason: 'wrong' });
    expect((await throttleOf(database, 'address:10.8.9.1'))?.failures).toBe(2);
  });

  it('counts twenty wrong passwords sent at once from one address, and locks the account', async () => {
    await addStaffAccount(database.db, 'burst@example.ir', 'agent', PASSWORD, 0);
    const now = 30_000_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, guess) => signInAt('burst@example.ir', `guess ${guess}`, '10.6.0.1', now)),
    );
    // Only the first guess was checked; the others were refused unchecked and counted, on the account
    // or, once its ten free attempts were spent and its own delay began, on the address.
    expect(results.filter((result) => !result.ok && result.reason === 'wrong')).toHaveLength(1);
    expect(results.filter((result) => result.ok)).toHaveLength(0);
    expect((await throttleOf(database, 'account:burst@example.ir'))?.failures).toBeGreaterThanOrEqual(5);
    const right = await signInAt('burst@example.ir', PASSWORD, '10.6.0.99', now + 1000);
    expect(right).toMatchObject({ ok: false, reason: 'locked' });
    expect(right.ok || right.reason !== 'locked' || right.retryAfterMs).toBeGreaterThan(LOCK_MS - 2000);
    expect((await signInAt('burst@example.ir', PASSWORD, '10.6.0.99', now + LOCK_MS + 1)).ok).toBe(true);
  });

  it('counts twenty wrong passwords sent at once from twenty addresses, and locks the account', async () => {
    await addStaffAccount(database.db, 'spread@example.ir', 'agent', PASSWORD, 0);
    const now = 40_000_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, guess) => signInAt('spread@example.ir', `guess ${guess}`, `10.7.${guess}.1`, now)),
    );
    expect(results.some((result) => result.ok)).toBe(false);
    expect(results.filter((result) => !result.ok && result.reason === 'wrong')).toHaveLength(1);
    expect((await throttleOf(database, 'account:spread@example.ir'))?.failures).toBe(20);
    expect(await signInAt('spread@example.ir', PASSWORD, '10.7.99.1', now + 5000)).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterMs: LOCK_MS - 5000,
    });
    // The addresses whose guesses were refused on the account were not charged; which guess won the
    // race to be checked is up to the scheduler, so the refused ones are found from the answers.
    const refused = results.flatMap((result, guess) => (!result.ok && result.reason === 'locked' ? [guess] : []));
    expect(refused).toHaveLength(19);
    for (const guess of refused) {
      expect((await throttleOf(database, `address:10.7.${guess}.1`))?.failures ?? 0).toBe(0);
    }
  });

  it('checks at most eleven guesses when one address sends forty at once, over forty accounts', async () => {
    const now = 60_000_000;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, guess) => signInAt(`wide${guess}@example.ir`, 'wrong password', '10.8.0.1', now)),
    );
    // Ten free failures, then the eleventh starts a delay that holds back the rest.
    expect(results.filter((result) => !result.ok && result.reason === 'wrong')).toHaveLength(11);
    expect((await throttleOf(database, 'address:10.8.0.1'))?.failures).toBe(40);
    expect(await signInAt('agent@example.ir', PASSWORD, '10.8.0.1', now + 60_000)).toMatchObject({
      ok: false,
      reason: 'locked',
    });
  });

  it('counts forty guesses at once from forty addresses of one IPv6 /64 as one address', async () => {
    const now = 65_000_000;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, guess) =>
        signInAt(`six${guess}@example.ir`, 'wrong password', `2001:db8:6:4:${guess.toString(16)}::1`, now),
      ),
    );
    expect(results.filter((result) => !result.ok && result.reason === 'wrong')).toHaveLength(11);
    expect((await throttleOf(database, 'address:2001:db8:6:4::/64'))?.failures).toBe(40);
  });

  it('lets colleagues behind one address sign in at once without charging the address', async () => {
    const emails = Array.from({ length: 6 }, (_, index) => `office${index}@example.ir`);
    for (const email of emails) await addStaffAccount(database.db, email, 'agent', PASSWORD, 0);
    const results = await Promise.all(emails.map((email) => signInAt(email, PASSWORD, '10.10.0.1', 70_000_000)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect((await throttleOf(database, 'address:10.10.0.1'))?.failures).toBe(0);
  });

  it('purges expired sessions and throttle rows quiet for a day', async () => {
    const now = 90_000_000;
    const stale = await signInAt('agent@example.ir', PASSWORD, '10.11.0.1', now);
    expect((await signInAt('nobody@example.ir', 'guess', '10.11.0.2', now)).ok).toBe(false);
    const later = now + THROTTLE_MEMORY_MS + LOCK_MS;
    const fresh = await signInAt('agent@example.ir', PASSWORD, '10.11.0.1', later);
    if (!stale.ok || !fresh.ok) throw new Error('sign-in failed');
    await purgeStaleSignIns(database.db, later);
    const sessions = await database.db.selectFrom('staff_sessions').select('id_hash').execute();
    expect(sessions.map((row) => row.id_hash)).toContain(hashSessionId(fresh.sessionId));
    expect(sessions.map((row) => row.id_hash)).not.toContain(hashSessionId(stale.sessionId));
    expect(await throttleOf(database, 'account:nobody@example.ir')).toBeUndefined();
    expect(await throttleOf(database, 'address:10.11.0.2')).toBeUndefined();
  });

  it('a new password or a disabled account ends its sessions', async () => {
    const session = await signInAt('agent@example.ir', PASSWORD, '10.4.0.1', 0);
    if (!session.ok) throw new Error('sign-in failed');
    expect(await changeStaffPassword(database.db, 'agent@example.ir', 'another long password')).toBe(true);
    // Hashed again at the production cost (the account was made at the test cost: staff-account.ts).
    expect((await findStaffByEmail(database.db, 'agent@example.ir'))?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await resolveSession(database.db, session.sessionId, 1)).toBeUndefined();
    const again = await signInAt('agent@example.ir', 'another long password', '10.4.0.1', 0);
    if (!again.ok) throw new Error('sign-in failed');
    expect(await disableStaffAccount(database.db, 'agent@example.ir')).toBe(true);
    expect(await resolveSession(database.db, again.sessionId, 1)).toBeUndefined();
    expect((await signInAt('agent@example.ir', 'another long password', '10.4.0.2', 0)).ok).toBe(false);
  });
});
