import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { apiTags } from '../api-tags.js';
import { errorResponses } from '../errors.js';
import { Nothing } from '../api.schemas.js';
import { Locations } from '../../shared/contracts/wizard-api.schemas.js';
import { chooseEncoding, matchesAnyTag } from './locations.js';

const locationsRouteSchema = {
  operationId: 'getLocations',
  tags: [apiTags.wizard.name],
  summary: 'Provinces and their cities',
  description: 'Public, cached for a day, compressed once; answers 304 to a matching If-None-Match.',
  // For documentation and tests: the body itself is precomputed (and precompressed) bytes.
  response: { 200: Locations, 304: Nothing(), ...errorResponses },
};

/**
 * GET Utility/Locations: a day-long public cache, strong ETags, br/gzip chosen by Accept-Encoding. The
 * answer is precompressed bytes, so the route's schema documents it and no reply is typed from it.
 */
export const locationsRoutes: FastifyPluginAsync = async (app) => {
  const resource = app.locations;
  app.get(apiPaths.locations, { schema: locationsRouteSchema }, async (request, reply) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const variant = resource.variants[encoding];
    void reply
      .header('cache-control', 'public, max-age=86400')
      .header('vary', 'Accept-Encoding')
      .header('etag', variant.etag);
    if (matchesAnyTag(request.headers['if-none-match'], resource)) return reply.code(304).send();
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(variant.body);
  });
};
