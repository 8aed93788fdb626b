import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../shared/api-contract.js';
import { normalizeBySchema } from '../../shared/normalize.js';
import { ApiError, errorResponseSchema } from '../errors.js';
import { register, type RegistrationForm } from './registration.service.js';
import { dropInactiveFields, stepRuleErrors } from './step-rules.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const registrationAnswerSchema = {
  type: 'object',
  required: ['message', 'trackingCode'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, trackingCode: { type: 'string' } },
} as const;

/** POST Register/Pharmacy: the body is the registration schema of schemas/, refs inlined. */
export const registrationRoutes: FastifyPluginAsync = async (app) => {
  const { registrationSchema, validateRegistration, wizard, ajv } = app.definition;
  app.post<{ Body: RegistrationForm }>(
    apiPaths.registration,
    {
      schema: {
        summary: 'Submits a registration; answers its tracking code (rate-limited per client, needs X-XSRF-TOKEN)',
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string' } } },
        body: registrationSchema,
        response: { 200: registrationAnswerSchema, '4xx': errorResponseSchema, '5xx': errorResponseSchema },
      },
      // The definition's own ajv (strict, shared formats, no type coercion, nothing removed),
      // not Fastify's, which would coerce "1" to 1 and drop unknown fields instead of refusing them.
      validatorCompiler: ({ httpPart }) => (httpPart === 'body' ? validateRegistration : () => true),
      config: { rateLimit: { max: app.config.rateLimit.registrationPerMinute } },
      preValidation: async (request) => {
        const key = request.headers['idempotency-key'];
        if (key !== undefined && (typeof key !== 'string' || !UUID.test(key)))
          throw new ApiError(400, 'idempotency_key');
        const normalized = normalizeBySchema(request.body, registrationSchema);
        request.body = dropInactiveFields(wizard, ajv, normalized) as RegistrationForm;
      },
      preHandler: async (request) => {
        const fields = stepRuleErrors(wizard, ajv, request.body);
        if (Object.keys(fields).length > 0) throw new ApiError(400, 'validation', fields);
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const key = request.headers['idempotency-key'];
      return register(
        {
          definition: app.definition,
          provinceOfCity: app.locations.provinceOfCity,
          writes: app.durableWrites,
          captcha: app.captcha,
          clock: app.clock,
        },
        {
          form: request.body,
          session: request.psid,
          idempotencyKey: typeof key === 'string' ? key.toLowerCase() : undefined,
        },
      );
    },
  );
};
