import type { Generated } from 'kysely';

/** A key other systems read registrations with (migration 017). Instants are milliseconds since the epoch. */
export interface ApiKeyTable {
  id: Generated<number>;
  name: string;
  /** JSON text: the scopes granted, e.g. ["registrations:read"]. */
  scopes: string;
  /** SHA-256 of the whole key, hex; the key itself is never stored. */
  key_hash: string;
  /** The key's first characters, shown in the console to tell keys apart. */
  prefix: string;
  created_at: number;
  /** Written at most once a minute per key, not on every request. */
  last_used_at: number | null;
  revoked_at: number | null;
  created_by: number | null;
}

declare module '../db/tables.js' {
  interface Database {
    /** The keys of the versioned read routes (migration 017). */
    api_keys: ApiKeyTable;
  }
}
