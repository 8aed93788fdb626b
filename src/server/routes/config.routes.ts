import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { RegisterConfig } from '../../shared/contracts/wizard-api.schemas.js';
import { apiTags } from '../api-tags.js';
import { etagMatches } from '../definition-assets/compressed-reply.js';
import { registerConfigOf } from '../definition-assets/register-config.js';
import { Nothing } from '../api.schemas.js';
import { errorResponses } from '../errors.js';

const configRouteSchema = {
  operationId: 'getRegisterConfig',
  tags: [apiTags.wizard.name],
  summary: 'The wizard settings',
  description:
    'Plans and the default plan, the map’s provider and centre, and the version of the definition the wizard is built from. Answers 304 to a matching If-None-Match.',
  response: { 200: RegisterConfig, 304: Nothing(), ...errorResponses },
};

/**
 * GET Register/Config: plans, map settings and the live definition version; revalidated by ETag. The
 * answer is JSON text made once per version and sent as it is, so the route's schema documents it
 * and no reply is typed from it.
 */
export const configRoutes: FastifyPluginAsync = async (app) => {
  // Precomputed once per live version: a publish changes it without a restart.
  let answer = { version: '', body: '', etag: '' };
  const current = (): typeof answer => {
    const live = app.definitions.live();
    if (answer.version === live.version) return answer;
    const body = JSON.stringify(registerConfigOf(live, app.config.insights.enabled));
    answer = {
      version: live.version,
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    };
    return answer;
  };
  app.get(apiPaths.config, { schema: configRouteSchema }, async (request, reply) => {
    const { body, etag } = current();
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    // Precomputed JSON text: sent as it is, no serialisation per request.
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
