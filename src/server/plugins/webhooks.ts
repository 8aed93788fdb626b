import type { LookupFunction } from 'node:net';
import fp from 'fastify-plugin';
import { systemLookup } from '../webhooks/address-check.js';
import { webhookSender } from '../webhooks/delivery.js';
import { SecretBox } from '../webhooks/webhook-crypto.js';
import type { WebhookServices } from '../webhooks/webhook.service.js';
import { WebhookWorker } from '../webhooks/webhook.worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the webhook routes use, and the worker that sends the webhook outbox. */
    webhooks: { services: WebhookServices; worker: WebhookWorker };
  }
}

export interface WebhooksPluginOptions {
  /** How receivers' names are resolved, at save and at connect time (tests answer with a private address). */
  lookup?: LookupFunction;
}

/**
 * Signed webhooks: the secret box (keys derived from CSRF_SECRET), the sender behind the address
 * filter and the delivery worker, which starts once the server is ready and stops before the
 * database closes.
 */
export default fp<WebhooksPluginOptions>(
  async (app, options) => {
    const settings = app.config.webhooks;
    const lookup = options.lookup ?? systemLookup;
    const sender = webhookSender({ allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs, lookup });
    const context = {
      write: <T>(work: Parameters<typeof app.durableWrites.submit<T>>[0]) => app.durableWrites.submit(work),
      read: () => app.database.db,
      sender,
      box: new SecretBox(app.config.csrfSecret),
      clock: app.clock,
      log: app.log,
      onOutcome: (outcome: 'delivered' | 'retry' | 'failed') =>
        app.metrics.outboxDeliveries.inc({ outbox: 'webhook', outcome }),
    };
    const worker = new WebhookWorker({ ...context, timeoutMs: settings.timeoutMs });
    const services: WebhookServices = {
      ...context,
      database: app.database,
      timeoutMs: settings.timeoutMs,
      policy: { allowPrivate: settings.allowPrivate, httpsOnly: app.config.production, lookup },
      definitionVersion: () => app.definitions.live().version,
    };
    app.decorate('webhooks', { services, worker });
    if (settings.allowPrivate)
      app.log.warn('WEBHOOK_ALLOW_PRIVATE=true: webhooks may be sent to loopback, private and link-local addresses');
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
    app.addHook('onClose', async () => sender.close());
  },
  { name: 'webhooks', fastify: '5.x', dependencies: ['database', 'metrics'] },
);
