import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { apiPaths, MAP_PROVIDERS } from '../../shared/contracts/wizard-api.js';
import { apiTags } from '../api-tags.js';
import { etagMatches } from '../definition-assets/compressed-reply.js';
import { registerConfigOf } from '../definition-assets/register-config.js';
import { titledChoicesSchema } from '../api.schemas.js';
import { errorResponses } from '../errors.js';

const point = {
  type: 'object',
  required: ['latitude', 'longitude'],
  properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
};

/** A choice by number with its Persian title: a plan here, a list filter's option in the console. */
export const registerConfigSchema = {
  type: 'object',
  required: ['tiers', 'defaultTier', 'map', 'definitionVersion'],
  additionalProperties: false,
  properties: {
    tiers: titledChoicesSchema,
    defaultTier: { type: 'integer' },
    definitionVersion: { type: 'string' },
    analytics: {
      type: 'boolean',
      enum: [false],
      description: 'present, false, when ANALYTICS=off: the wizard reports nothing',
    },
    map: {
      type: 'object',
      required: ['provider', 'tileUrl', 'center', 'zoom', 'flyToZoom', 'flyToDurationSeconds', 'marker'],
      additionalProperties: false,
      properties: {
        provider: { type: 'string', enum: [...MAP_PROVIDERS] },
        tileUrl: { type: 'string' },
        subdomains: { type: 'array', items: { type: 'string' } },
        addressService: { type: 'boolean' },
        attribution: { type: 'string' },
        key: { type: 'string' },
        type: { type: 'string' },
        poi: { type: 'boolean' },
        traffic: { type: 'boolean' },
        center: point,
        zoom: { type: 'number' },
        flyToZoom: { type: 'number' },
        flyToDurationSeconds: { type: 'number' },
        marker: {
          type: 'object',
          required: ['width', 'height'],
          properties: { width: { type: 'integer' }, height: { type: 'integer' } },
        },
      },
    },
  },
} as const;

const configRouteSchema = {
  operationId: 'getRegisterConfig',
  tags: [apiTags.wizard.name],
  summary: 'The wizard settings',
  description:
    'Plans and the default plan, the map’s provider and centre, and the version of the definition the wizard is built from. Answers 304 to a matching If-None-Match.',
  response: {
    200: registerConfigSchema,
    304: { type: 'null' },
    ...errorResponses,
  },
} as const;

/** GET Register/Config: plans, map settings and the live definition version; revalidated by ETag. */
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
