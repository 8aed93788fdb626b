import type { FastifyPluginAsync } from 'fastify';
import { mobileCodeRoutes } from '../mobile-code/mobile-code.routes.js';
import { outboxRoutes } from '../sms/outbox.routes.js';
import { statusRoutes } from '../status/status.routes.js';

/** Issue 20's routes: the status page's lookup, the mobile number's code, the console's SMS outbox. */
export const followupRoutes: FastifyPluginAsync = async (app) => {
  await app.register(statusRoutes);
  await app.register(mobileCodeRoutes);
  await app.register(outboxRoutes);
};
