import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { hashPassword, verifyPassword } from '../../src/server/staff/password.js';
import { findStaffByEmail } from '../../src/server/staff/staff.repository.js';
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  LOCK_MS,
  changeStaffPassword,
  createStaffAccount,
  disableStaffAccount,
  resolveSession,
  signIn,
  signOut,
} from '../../src/server/staff/staff.service.js';
import { databaseTargets, type DatabaseTarget } from './helpers.js';

const targets = await databaseTargets();
const PASSWORD = 'correct horse battery';

describe('password hashing', () => {
  it('uses scrypt with OWASP parameters and a fresh salt, and verifies only the right password', async () => {
    const [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, first)).toBe(false);
  });
});

describe.each(targets)('staff accounts and sessions on $name', (target: DatabaseTarget) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase(parseDatabaseUrl(target.url));
    await createStaffAccount(database.db, 'Agent@Example.ir', 'agent', PASSWORD, 0);
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  it('stores the e-mail in lower case and never the password itself', async () => {
    const account = await findStaffByEmail(database.db, 'agent@example.ir');
    expect(account?.role).toBe('agent');
    expect(account?.password_hash).not.toContain(PASSWORD);
    await expect(createStaffAccount(database.db, 'x@example.ir', 'agent', 'short', 0)).rejects.toThrow(/12 characters/);
  });

  it('signs in with a new opaque id each time, stores only its hash, and signs out', async () => {
    const first = await signIn(database.db, 'AGENT@example.ir', PASSWORD, '10.0.0.1', 1000);
    const second = await signIn(database.db, 'agent@example.ir', PASSWORD, '10.0.0.1', 1000);
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
    const idle = await signIn(database.db, 'agent@example.ir', PASSWORD, '10.0.0.2', 0);
    if (!idle.ok) throw new Error('sign-in failed');
    expect(await resolveSession(database.db, idle.sessionId, IDLE_TIMEOUT_MS - 1)).toBeDefined();
    expect(await resolveSession(database.db, idle.sessionId, 2 * IDLE_TIMEOUT_MS + 1)).toBeUndefined();

    const busy = await signIn(database.db, 'agent@example.ir', PASSWORD, '10.0.0.2', 0);
    if (!busy.ok) throw new Error('sign-in failed');
    let now = 0;
    while (now + IDLE_TIMEOUT_MS / 2 < ABSOLUTE_TIMEOUT_MS) {
      now += IDLE_TIMEOUT_MS / 2;
      expect(await resolveSession(database.db, busy.sessionId, now)).toBeDefined();
    }
    expect(await resolveSession(database.db, busy.sessionId, ABSOLUTE_TIMEOUT_MS + 1)).toBeUndefined();
  });

  it('delays after each failure, locks the account after five, and tells nothing apart', async () => {
    await createStaffAccount(database.db, 'locked@example.ir', 'agent', PASSWORD, 0);
    let now = 10_000_000;
    for (let failure = 1; failure <= 5; failure += 1) {
      expect(await signIn(database.db, 'locked@example.ir', 'wrong password', `10.1.0.${failure}`, now)).toEqual({
        ok: false,
        reason: 'wrong',
      });
      // Right away the account is waiting out its delay, even with the right password.
      expect((await signIn(database.db, 'locked@example.ir', PASSWORD, '10.9.9.9', now + 1)).ok).toBe(false);
      now += 1000 * 2 ** (failure - 1) + 1;
    }
    expect(await signIn(database.db, 'locked@example.ir', PASSWORD, '10.9.9.9', now)).toEqual({
      ok: false,
      reason: 'locked',
    });
    expect((await signIn(database.db, 'locked@example.ir', PASSWORD, '10.9.9.9', now + LOCK_MS)).ok).toBe(true);
    // An unknown e-mail fails the same way as a wrong password.
    expect(await signIn(database.db, 'nobody@example.ir', PASSWORD, '10.2.0.1', now)).toEqual({
      ok: false,
      reason: 'wrong',
    });
  });

  it('locks a client address after twenty failures, whatever the accounts', async () => {
    let now = 50_000_000;
    for (let failure = 1; failure <= 20; failure += 1) {
      // Each guess is a new account, so only the address's own delay (after ten free failures) applies.
      if (failure > 11) now += 1000 * 2 ** (failure - 12) + 1;
      expect(await signIn(database.db, `guess${failure}@example.ir`, 'wrong password', '10.3.0.1', now)).toEqual({
        ok: false,
        reason: 'wrong',
      });
    }
    now += LOCK_MS - 1;
    expect(await signIn(database.db, 'agent@example.ir', PASSWORD, '10.3.0.1', now)).toEqual({
      ok: false,
      reason: 'locked',
    });
    expect((await signIn(database.db, 'agent@example.ir', PASSWORD, '10.3.0.2', now)).ok).toBe(true);
  });

  it('a new password or a disabled account ends its sessions', async () => {
    const session = await signIn(database.db, 'agent@example.ir', PASSWORD, '10.4.0.1', 0);
    if (!session.ok) throw new Error('sign-in failed');
    expect(await changeStaffPassword(database.db, 'agent@example.ir', 'another long password')).toBe(true);
    expect(await resolveSession(database.db, session.sessionId, 1)).toBeUndefined();
    const again = await signIn(database.db, 'agent@example.ir', 'another long password', '10.4.0.1', 0);
    if (!again.ok) throw new Error('sign-in failed');
    expect(await disableStaffAccount(database.db, 'agent@example.ir')).toBe(true);
    expect(await resolveSession(database.db, again.sessionId, 1)).toBeUndefined();
    expect((await signIn(database.db, 'agent@example.ir', 'another long password', '10.4.0.2', 0)).ok).toBe(false);
  });
});
