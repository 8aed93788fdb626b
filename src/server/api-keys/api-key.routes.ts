import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { integrationPaths } from '../../shared/contracts/integrations.js';
import { ApiKeyCreated, ApiKeyList, NewApiKey } from '../../shared/contracts/integrations.schemas.js';
import { identity } from '../staff-identity.js';
import { noContent } from '../api.schemas.js';
import { listApiKeys } from './api-key.repository.js';
import { KeyIdParams } from './api-key.schemas.js';
import { createApiKey, revokeKey } from './api-key.service.js';

/**
 * The console's keys (admins): list, make, revoke. Under /api/staff/, so the staff guard lets in
 * only a signed-in admin, and the anti-forgery check covers the writes; each change is audited.
 */
export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = [apiTags.staffApiKeys.name];
  const config = { staffRoles: ['admin'] } as const;

  app.get(
    integrationPaths.apiKeys,
    {
      schema: {
        operationId: 'listApiKeys',
        tags,
        summary: 'The API keys (admins)',
        description:
          'Every key, newest first, revoked ones too: name, scopes, first characters, when made, last used and revoked. Never the key.',
        response: { 200: ApiKeyList, ...errorResponses },
      },
      config,
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listApiKeys(app.database.db);
    },
  );

  app.post(
    integrationPaths.apiKeys,
    {
      schema: {
        operationId: 'createApiKey',
        tags,
        summary: 'Make an API key (admins)',
        description:
          'Answers the key itself this once: only its SHA-256 and its first characters are kept, so it cannot be shown again. Audited.',
        body: NewApiKey,
        response: { 201: ApiKeyCreated, ...errorResponses },
      },
      config,
    },
    async (request, reply) => {
      const created = await createApiKey(app.database, identity(request), request.body, app.clock());
      void reply.code(201).header('cache-control', 'no-store');
      return created;
    },
  );

  app.delete(
    integrationPaths.apiKey,
    {
      schema: {
        operationId: 'revokeApiKey',
        tags,
        summary: 'Revoke an API key (admins)',
        description:
          'From the next request on, in every server process, the key opens nothing. Revoking a revoked key changes nothing. Audited.',
        params: KeyIdParams,
        response: { 204: noContent, ...errorResponses },
      },
      config,
    },
    async (request, reply) => {
      const outcome = await revokeKey(app.database, identity(request), request.params.id, app.clock());
      if (outcome === 'not_found') throw new ApiError(404, 'not_found');
      return reply.code(204).send();
    },
  );
};
