import type { Kysely } from 'kysely';
import type { ApiKeyScope } from '../../shared/contracts/integrations.js';
import type { ApiKeySummary } from '../../shared/contracts/integrations.schemas.js';
import type { Database } from '../db/tables.js';

export interface NewApiKey {
  name: string;
  scopes: readonly ApiKeyScope[];
  keyHash: string;
  prefix: string;
  createdAt: number;
  createdBy: number;
}

/** What a request's key resolves to: enough to let it in or not, and to know when it was last noted. */
export interface StoredKey {
  id: number;
  keyHash: string;
  scopes: ApiKeyScope[];
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export async function insertApiKey(db: Kysely<Database>, key: NewApiKey): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values({
      name: key.name,
      scopes: JSON.stringify(key.scopes),
      key_hash: key.keyHash,
      prefix: key.prefix,
      created_at: key.createdAt,
      last_used_at: null,
      revoked_at: null,
      created_by: key.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const instant = (ms: number | string | null): string | null =>
  ms === null ? null : new Date(Number(ms)).toISOString();

/** Every key, newest first, revoked ones included (the console shows when); never the key. */
export async function listApiKeys(db: Kysely<Database>): Promise<ApiKeySummary[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'name', 'scopes', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    prefix: row.prefix,
    createdAt: instant(row.created_at) ?? '',
    lastUsedAt: instant(row.last_used_at),
    revokedAt: instant(row.revoked_at),
  }));
}

export function findApiKey(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Revokes a live key; false when there is no such key or it was revoked already. */
export async function revokeApiKey(db: Kysely<Database>, id: number, at: number): Promise<boolean> {
  const revoked = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return revoked.numUpdatedRows > 0n;
}

/** The key of this hash, by the unique index: read on every request, so a revocation counts at once. */
export async function keyByHash(db: Kysely<Database>, keyHash: string): Promise<StoredKey | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'key_hash', 'scopes', 'last_used_at', 'revoked_at'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    keyHash: row.key_hash,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/**
 * Notes a use unless one was noted within `everyMs` (compare-and-set, so of many processes seeing
 * the same stale time only one writes).
 */
export async function noteKeyUse(db: Kysely<Database>, id: number, at: number, everyMs: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', at - everyMs)]))
    .execute();
}
