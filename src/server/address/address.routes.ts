import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { AddressPassRequest, AddressSuggestion } from '../../shared/contracts/wizard-api.schemas.js';
import { CodeProofChallenge } from '../../shared/contracts/followup.schemas.js';
import { apiTags } from '../api-tags.js';
import { noContent, type TypedApp } from '../api.schemas.js';
import { ApiError, errorResponses } from '../errors.js';
import { IRAN_BOX } from '../registration/registration.columns.js';
import { AddressBudgetSpent, spendAddressLookup, type AddressBudgetLimits } from './address-budget.js';
import { addressPasses, LOOKUPS_PER_PASS, PASS_LIFETIME_MS, type AddressPasses } from './address-pass.js';
import { AddressService } from './address.service.js';

const addressRouteSchema = {
  operationId: 'getAddress',
  tags: [apiTags.wizard.name],
  summary: 'The address of a point on the map',
  description: `The map provider's Persian street address of a point (without the city and province), asked by the server with the service key. 400 outside Iran; 404 address_unavailable when no service is configured or it does not answer within 2 s. Needs the wizard's pre-session cookie with a pass bought by POST Utility/Address/Pass (${LOOKUPS_PER_PASS} lookups, ${PASS_LIFETIME_MS / 60_000} minutes): 403 address_pass without one. At most ADDRESS_LOOKUPS_PER_HOUR and ADDRESS_LOOKUPS_PER_DAY calls to the provider across all clients (a cached point is not a call): 503 address_capacity with Retry-After past either. Rate-limited per client.`,
  querystring: Type.Object(
    {
      lat: Type.Number({ description: 'Latitude in degrees' }),
      lng: Type.Number({ description: 'Longitude in degrees' }),
    },
    { additionalProperties: false },
  ),
  response: { 200: AddressSuggestion, ...errorResponses },
};

/** One warning line a minute while a budget refuses lookups, however many are refused. */
function budgetWarning(log: FastifyBaseLogger, clock: () => number, limits: AddressBudgetLimits) {
  let warnedAt = Number.NEGATIVE_INFINITY;
  return (spent: AddressBudgetSpent): void => {
    if (clock() - warnedAt < 60_000) return;
    warnedAt = clock();
    const [variable, limit] =
      spent.window === 'hour'
        ? ['ADDRESS_LOOKUPS_PER_HOUR', limits.perHour]
        : ['ADDRESS_LOOKUPS_PER_DAY', limits.perDay];
    log.warn({ [variable]: limit }, `${variable} reached: no address lookups until the ${spent.window} is over`);
  };
}

/** 503: the hour's or the day's calls are spent; Retry-After is the end of that window. The wizard shows nothing. */
function capacityError(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(503, 'address_capacity', undefined, { 'retry-after': String(seconds) });
}

/** GET Utility/Address/Challenge and POST Utility/Address/Pass: a proof of work buys lookups. */
function passRoutes(app: TypedApp, passes: AddressPasses, rateLimit: { max: number }): void {
  app.get(
    apiPaths.addressChallenge,
    {
      schema: {
        operationId: 'getAddressChallenge',
        tags: [apiTags.wizard.name],
        summary: 'A proof-of-work challenge to solve before asking for addresses',
        description:
          "As GET MobileCode/Challenge (ALTCHA's v2 format), at most ADDRESS_PROOF_DIFFICULTY steps, bound to this pre-session. Rate-limited per client.",
        response: { 200: CodeProofChallenge, ...errorResponses },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return passes.challenge(request.psid);
    },
  );
  app.post(
    apiPaths.addressPass,
    {
      schema: {
        operationId: 'buyAddressPass',
        tags: [apiTags.wizard.name],
        summary: 'Buys this pre-session address lookups with a solved challenge',
        description: `A solved challenge of GET Utility/Address/Challenge, used once, gives this pre-session ${LOOKUPS_PER_PASS} lookups for ${PASS_LIFETIME_MS / 60_000} minutes (a new pass replaces the old one). 400 address_pass when the proof is wrong, expired, of another pre-session or spent. Needs X-XSRF-TOKEN. Rate-limited per client.`,
        body: AddressPassRequest,
        response: { 204: noContent, ...errorResponses },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      if (!(await passes.grant(request.psid, request.body.proof))) throw new ApiError(400, 'address_pass');
      return reply.header('cache-control', 'no-store').code(204).send();
    },
  );
}

/** GET Utility/Address: an address suggested from the pin, through our server so the service key stays here. */
export const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { mapService } = app.config;
  const limits: AddressBudgetLimits = { perHour: mapService.lookupsPerHour, perDay: mapService.lookupsPerDay };
  const service = new AddressService(mapService, app.log, () => spendAddressLookup(app.database, app.clock(), limits));
  const passes = addressPasses({
    secret: app.config.csrfSecret,
    difficulty: mapService.proofDifficulty,
    database: app.database,
    clock: app.clock,
  });
  const warnSpent = budgetWarning(app.log, app.clock, limits);
  const rateLimit = { max: mapService.perMinute };
  passRoutes(app, passes, rateLimit);
  app.get(apiPaths.address, { schema: addressRouteSchema, config: { rateLimit } }, async (request, reply) => {
    const { lat, lng } = request.query;
    if (!insideIran(lat, lng)) throw new ApiError(400, 'address_outside_iran');
    const provider = app.definitions.live().registerConfig.map.provider;
    if (!service.kindFor(provider)) throw new ApiError(404, 'address_unavailable');
    // The pre-session id of a request without the cookie is a new one, which holds no pass.
    if (!(await passes.spend(request.psid))) throw new ApiError(403, 'address_pass');
    const address = await service.addressOf(provider, { lat, lng }).catch((error: unknown) => {
      if (!(error instanceof AddressBudgetSpent)) throw error;
      warnSpent(error);
      throw capacityError(error.retryAfterMs);
    });
    if (address === undefined) throw new ApiError(404, 'address_unavailable');
    // One point's address changes rarely; the browser may keep it while the manager drags back.
    void reply.header('cache-control', 'private, max-age=3600');
    return { address };
  });
};

function insideIran(lat: number, lng: number): boolean {
  const { latitude, longitude } = IRAN_BOX;
  return lat >= latitude.minimum && lat <= latitude.maximum && lng >= longitude.minimum && lng <= longitude.maximum;
}
