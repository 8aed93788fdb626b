import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { apiTags } from '../api-tags.js';
import { errorResponses } from '../errors.js';
import { Captcha } from '../../shared/contracts/wizard-api.schemas.js';

const captchaRouteSchema = {
  operationId: 'getCaptcha',
  tags: [apiTags.wizard.name],
  summary: 'A fresh captcha question',
  description: 'Bound to the pre-session cookie; its answer goes with the registration. Rate-limited per client.',
  response: { 200: Captcha, ...errorResponses },
};

/** GET Register/GetCaptcha: a fresh question bound to the caller's pre-session; never cached. */
export const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rateLimit = { max: app.config.rateLimit.captchaPerMinute };
  app.get(apiPaths.captcha, { schema: captchaRouteSchema, config: { rateLimit } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return app.captcha.issue(request.psid);
  });
};
