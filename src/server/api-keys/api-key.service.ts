import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyScope } from '../../shared/contracts/integrations.js';
import type { ApiKeyCreated, NewApiKey } from '../../shared/contracts/integrations.schemas.js';
import type { DatabaseHandle } from '../db/database.js';
import { appendAudit } from '../audit/audit.repository.js';
import type { StaffIdentity } from '../staff-identity.js';
import { findApiKey, insertApiKey, keyByHash, noteKeyUse, revokeApiKey } from './api-key.repository.js';

type Database = Pick<DatabaseHandle, 'db' | 'transaction'>;

export const KEY_PREFIX = 'prk_';
const KEY_BYTES = 32;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Base62 digits that can hold any 32-byte number: ceil(256 / log2 62). */
const KEY_DIGITS = Math.ceil((KEY_BYTES * 8) / Math.log2(62));
export const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${KEY_DIGITS}}$`);
/** `prk_` and 8 characters: enough to tell keys apart, far too few to guess the rest from. */
const SHOWN_CHARACTERS = KEY_PREFIX.length + 8;
/** last_used_at is written at most this often per key, not on every request. */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * `prk_` and 32 random bytes written as one base-62 number, left-padded to a fixed length: every
 * key of 32 bytes has exactly one spelling, so no character is likelier than the bytes make it
 * (mapping each byte to `byte % 62` instead would favour the first eight digits).
 */
export function newKey(): string {
  let number = BigInt(`0x${randomBytes(KEY_BYTES).toString('hex')}`);
  let digits = '';
  while (number > 0n) {
    digits = BASE62[Number(number % 62n)] + digits;
    number /= 62n;
  }
  return KEY_PREFIX + digits.padStart(KEY_DIGITS, BASE62[0]);
}

export function keyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Makes a key, keeps only its hash and first characters, and audits it; the key is returned this once. */
export async function createApiKey(
  database: Database,
  actor: StaffIdentity,
  request: NewApiKey,
  now: number,
): Promise<ApiKeyCreated> {
  const key = newKey();
  const prefix = key.slice(0, SHOWN_CHARACTERS);
  const scopes = [...new Set(request.scopes)];
  const name = request.name.trim();
  const id = await database.transaction('durable', async (trx) => {
    const created = await insertApiKey(trx, {
      name,
      scopes,
      keyHash: keyHash(key),
      prefix,
      createdAt: now,
      createdBy: actor.accountId,
    });
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'api_key_create',
      detail: { name, prefix, scopes },
    });
    return created;
  });
  return { id, key };
}

/** 'revoked', 'already' (revoked before: nothing changes), or 'not_found'. */
export async function revokeKey(
  database: Database,
  actor: StaffIdentity,
  id: number,
  now: number,
): Promise<'revoked' | 'already' | 'not_found'> {
  return database.transaction('durable', async (trx) => {
    const key = await findApiKey(trx, id);
    if (!key) return 'not_found';
    if (!(await revokeApiKey(trx, id, now))) return 'already';
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'api_key_revoke',
      detail: { name: key.name, prefix: key.prefix },
    });
    return 'revoked';
  });
}

export interface KeyHolder {
  id: number;
  scopes: ApiKeyScope[];
}

/**
 * The live key a bearer value names, or undefined. Looked up by its hash in the database on every
 * request, so a revocation holds in every process at once; the stored hash is compared again in
 * constant time, so the answer never depends on how much of it matched.
 */
export async function keyHolder(database: Database, bearer: string, now: number): Promise<KeyHolder | undefined> {
  if (!KEY_PATTERN.test(bearer)) return undefined;
  const hash = keyHash(bearer);
  const stored = await keyByHash(database.db, hash);
  if (!stored || stored.revokedAt !== null) return undefined;
  if (!timingSafeEqual(Buffer.from(stored.keyHash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  if (stored.lastUsedAt === null || now - stored.lastUsedAt >= LAST_USED_EVERY_MS)
    await noteKeyUse(database.db, stored.id, now, LAST_USED_EVERY_MS);
  return { id: stored.id, scopes: stored.scopes };
}
