import type { Insertable, Selectable } from 'kysely';
import type { RegistrationTable } from './registration.columns.js';

/** One pre-registration. Key fields are columns for staff queries; `payload` keeps everything. */
export type { RegistrationTable };
export type RegistrationRow = Selectable<RegistrationTable>;
export type NewRegistration = Insertable<RegistrationTable>;

declare module '../db/tables.js' {
  interface Database {
    registrations: RegistrationTable;
  }
}
