import type { Generated } from 'kysely';
import type { StaffRole } from '../../shared/contracts/staff.js';
export { STAFF_ROLES, type StaffRole } from '../../shared/contracts/staff.js';

/** A colleague who works registrations. Times are epoch milliseconds. */
export interface StaffAccountTable {
  id: Generated<number>;
  email: string;
  role: StaffRole;
  /** `scrypt$N$r$p$salt$key`, base64url parts (see password.ts). */
  password_hash: string;
  disabled: number;
  created_at: number;
}

export interface StaffSessionTable {
  id_hash: string;
  account_id: number;
  created_at: number;
  last_seen_at: number;
}

declare module '../db/tables.js' {
  interface Database {
    staff_accounts: StaffAccountTable;
    staff_sessions: StaffSessionTable;
  }
}
