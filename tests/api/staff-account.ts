/**
 * Colleagues' accounts for the tests whose subject is not the password hash. createStaffAccount
 * hashes at OWASP's cost and every sign-in then verifies at it: hundreds of those made the API
 * files mostly scrypt. This is createStaffAccount's row with the test-cost hash of staff-password.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/tables.js';
import { insertStaffAccount } from '../../src/server/staff/staff.repository.js';
import { normalizeEmail } from '../../src/server/staff/staff.service.js';
import type { StaffRole } from '../../src/server/staff/staff.table.js';
import { testPasswordHash } from './staff-password.js';

export async function addStaffAccount(
  db: Kysely<Database>,
  email: string,
  role: StaffRole,
  password: string,
  now: number,
): Promise<number> {
  return insertStaffAccount(db, normalizeEmail(email), role, await testPasswordHash(password), now);
}
