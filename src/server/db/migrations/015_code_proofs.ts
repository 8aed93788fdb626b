import type { Kysely } from 'kysely';

/**
 * The proofs of work already spent on a one-time code, by their challenge's nonce. The
 * primary key is the compare-and-set: of two requests carrying one proof, one insert wins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_proofs')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('code_proofs_expiry').on('code_proofs').column('expires_at').execute();
}
