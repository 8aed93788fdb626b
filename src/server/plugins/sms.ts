import fp from 'fastify-plugin';
import { deleteExpiredProofs, deleteOldMobileCodes } from '../mobile-code/mobile-code.repository.js';
import { kavenegarProvider } from '../sms/kavenegar-provider.js';
import { logProvider } from '../sms/log-provider.js';
import { forgetOldCodes } from '../sms/outbox.repository.js';
import { CODE_TTL_MS, SmsWorker } from '../sms/outbox.worker.js';
import type { SmsProvider } from '../sms/provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS provider (SMS_PROVIDER) and the worker that sends the outbox. */
    sms: { provider: SmsProvider; worker: SmsWorker };
  }
}

const DAY = 24 * 3_600_000;

/**
 * SMS: the provider chosen by SMS_PROVIDER (checked at start, config.ts) and the outbox worker,
 * which starts once the server is ready and stops before the database closes. Also forgets codes
 * no longer usable: the outbox's copy after 2 minutes, a number's code row after a day, a spent
 * proof of work once its challenge has expired (it is refused as expired from then on).
 */
export default fp(
  async (app) => {
    const settings = app.config.sms;
    const provider = settings.provider === 'kavenegar' ? kavenegarProvider(settings) : logProvider(app.log);
    const worker = new SmsWorker({
      write: (work) => app.durableWrites.submit(work),
      provider,
      clock: app.clock,
      log: app.log,
      sendTimeoutMs: settings.provider === 'kavenegar' ? settings.timeoutMs : 1000,
      onOutcome: (outcome) => app.metrics.outboxDeliveries.inc({ outbox: 'sms', outcome }),
    });
    app.decorate('sms', { provider, worker });
    const cleanUp = setInterval(() => void forget(), 60_000).unref();
    async function forget(): Promise<void> {
      try {
        await forgetOldCodes(app.database.db, app.clock() - CODE_TTL_MS);
        await deleteOldMobileCodes(app.database.db, app.clock() - DAY);
        await deleteExpiredProofs(app.database.db, app.clock());
      } catch (error) {
        app.log.warn({ err: { message: (error as Error).message } }, 'SMS clean-up skipped');
      }
    }
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => {
      clearInterval(cleanUp);
      await worker.stop();
    });
  },
  { name: 'sms', fastify: '5.x', dependencies: ['database', 'metrics'] },
);
