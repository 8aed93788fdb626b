import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { countUnassigned } from './case.repository.js';

export interface UnassignedCount {
  read(): Promise<number>;
  /** A case was assigned or moved here: the next read counts again. */
  forget(): void;
}

/**
 * The list's unassigned count, counted at most once per `maxAgeMs` in a process. Every list page
 * shows it, and counting the open cases was most of a page's time on PostgreSQL (100,000
 * registrations on a busy machine: a tracking-code page 47 ms with it, 6 ms without). A change
 * made through this process is seen at once; one made through another process within `maxAgeMs`.
 */
export function unassignedCount(db: () => Kysely<Database>, clock: () => number, maxAgeMs = 2000): UnassignedCount {
  let cached: { at: number; value: Promise<number> } | undefined;
  return {
    read() {
      const now = clock();
      if (cached && now - cached.at < maxAgeMs) return cached.value;
      const value = countUnassigned(db());
      const entry = { at: now, value };
      cached = entry;
      // A failed count is not kept: the next page counts again.
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return value;
    },
    forget() {
      cached = undefined;
    },
  };
}
