import type { Generated, Insertable, Selectable } from 'kysely';

/** One pre-registration. Key fields are columns for staff queries; `payload` keeps everything. */
export interface RegistrationTable {
  id: Generated<number>;
  tracking_code: string;
  status: Generated<string>;
  tier: number;
  type: number;
  service: number;
  province_id: number;
  city_id: number;
  latitude: number;
  longitude: number;
  pharmacy_name: string;
  address: string;
  /** 0 or 1: SQLite has no boolean, and one code path serves both databases. */
  has_davajoo: number;
  first_name: string;
  last_name: string;
  national_code: string;
  mobile_number: string;
  created_at: string;
  definition_version: string;
  /** The whole normalised registration (captcha removed) as JSON text. */
  payload: string;
}

export type RegistrationRow = Selectable<RegistrationTable>;
export type NewRegistration = Insertable<RegistrationTable>;
