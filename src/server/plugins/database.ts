import fp from 'fastify-plugin';
import { openDatabase } from '../db/database.js';
import { GroupCommit } from '../db/group-commit.js';
import { deleteExpiredCaptchas } from '../captcha/captcha.repository.js';
import { deleteOldIdempotencyKeys } from '../idempotency/idempotency.repository.js';
import { purgeStaleSignIns } from '../staff/staff.service.js';
import type { DatabaseHandle } from '../db/database.js';
declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Durable group commit (registrations): answered only after an fsync'd commit. */
    durableWrites: GroupCommit;
    /** Relaxed group commit (captchas, visit counts): losing the last ones in a power cut is fine. */
    relaxedWrites: GroupCommit;
  }
}

const HOUR = 3_600_000;

/** The database (SQLite or PostgreSQL, migrated), its two group-commit writers and the clean-up. */
export default fp(
  async (app) => {
    const database = await openDatabase(app.config.database, {
      migrations: app.config.migrateAtStart ? 'apply' : 'check',
      onPoolError: (error) =>
        app.log.warn(
          { err: { message: error.message, code: (error as { code?: string }).code } },
          'database connection lost',
        ),
    });
    app.decorate('database', database);
    app.decorate('durableWrites', new GroupCommit(database, { durability: 'durable' }));
    app.decorate('relaxedWrites', new GroupCommit(database, { durability: 'relaxed' }));
    const cleanUp = setInterval(() => void removeStale(), HOUR / 6).unref();
    async function removeStale(): Promise<void> {
      try {
        await deleteExpiredCaptchas(database.db, app.clock() - HOUR);
        await deleteOldIdempotencyKeys(database.db, app.clock() - 24 * HOUR);
        await purgeStaleSignIns(database.db, app.clock());
      } catch (error) {
        app.log.warn({ err: { message: (error as Error).message } }, 'clean-up skipped');
      }
    }
    app.addHook('onClose', async () => {
      clearInterval(cleanUp);
      await Promise.all([app.durableWrites.drain(), app.relaxedWrites.drain()]);
      await database.close();
    });
  },
  { name: 'database', fastify: '5.x' },
);
