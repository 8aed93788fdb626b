import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Dialect } from '../database.js';
import * as registrations from './001_registrations.js';
import * as captchas from './002_captchas.js';
import * as idempotencyKeys from './003_idempotency_keys.js';
import * as visitCounts from './004_visit_counts.js';

/**
 * Migrations listed in code rather than read from a folder, so tsx and the compiled dist/ run the
 * same list; a migration that differs by dialect takes the dialect.
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '001_registrations': { up: registrations.up(dialect) },
    '002_captchas': { up: captchas.up },
    '003_idempotency_keys': { up: idempotencyKeys.up },
    '004_visit_counts': { up: visitCounts.up },
  };
  return { getMigrations: async () => migrations };
}
