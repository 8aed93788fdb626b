import type { FastifyPluginAsync } from 'fastify';
import { apiPaths, type AddressSuggestion } from '../../shared/api-contract.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { IRAN_BOX } from '../registration/registration.columns.js';
import { AddressService } from './address.service.js';

const addressRouteSchema = {
  operationId: 'getAddress',
  tags: [apiTags.wizard.name],
  summary: 'The address of a point on the map',
  description:
    "The map provider's Persian street address of a point (without the city and province), asked by the server with the service key. 400 outside Iran; 404 address_unavailable when no service is configured or it does not answer within 2 s. Rate-limited per client.",
  querystring: {
    type: 'object',
    required: ['lat', 'lng'],
    additionalProperties: false,
    properties: {
      lat: { type: 'number', description: 'Latitude in degrees' },
      lng: { type: 'number', description: 'Longitude in degrees' },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['address'],
      additionalProperties: false,
      properties: { address: { type: 'string' } },
    },
    ...errorResponses,
  },
} as const;

/** GET Utility/Address: an address suggested from the pin, through our server so the service key stays here. */
export const addressRoutes: FastifyPluginAsync = async (app) => {
  const service = new AddressService(app.config.mapService, app.log);
  app.get<{ Querystring: { lat: number; lng: number } }>(
    apiPaths.address,
    { schema: addressRouteSchema, config: { rateLimit: { max: app.config.mapService.perMinute } } },
    async (request, reply): Promise<AddressSuggestion> => {
      const { lat, lng } = request.query;
      if (!insideIran(lat, lng)) throw new ApiError(400, 'address_outside_iran');
      const address = await service.addressOf(app.definitions.live().registerConfig.map.provider, { lat, lng });
      if (address === undefined) throw new ApiError(404, 'address_unavailable');
      // One point's address changes rarely; the browser may keep it while the manager drags back.
      void reply.header('cache-control', 'private, max-age=3600');
      return { address };
    },
  );
};

function insideIran(lat: number, lng: number): boolean {
  const { latitude, longitude } = IRAN_BOX;
  return lat >= latitude.minimum && lat <= latitude.maximum && lng >= longitude.minimum && lng <= longitude.maximum;
}
