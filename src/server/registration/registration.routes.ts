import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import { RegistrationAnswer } from '../../shared/contracts/wizard-api.schemas.js';
import { DEFINITION_VERSION_HEADER } from '../../shared/contracts/definition.js';
import { acceptedInputSchema, normalizeBySchema } from '../../shared/text/normalize.js';
import { fieldMessages, type SchemaError } from '../../shared/definition/schema-messages.js';
import type { Definition } from '../definition/definition.js';
import type { DefinitionRegistry } from '../definition/definition.registry.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { register, type RegistrationForm } from './registration.service.js';
import { dropInactiveFields, stepRuleErrors } from './step-rules.js';
import { unverifiedNumbers } from '../mobile-code/mobile-code.service.js';
import { verifiedFields } from '../../shared/definition/verify.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const VERSION_HEADER = DEFINITION_VERSION_HEADER.toLowerCase();

/**
 * The version a registration was filled in (its header; the live one without it): the live
 * version, or one that stopped being live within the grace window. Anything else is refused with
 * `definition_outdated`, on which the wizard loads the live version.
 */
function definitionOf(definitions: DefinitionRegistry, request: FastifyRequest): Definition {
  const version = request.headers[VERSION_HEADER];
  if (version === undefined) return definitions.live();
  const accepted = typeof version === 'string' ? definitions.accepted(version) : undefined;
  if (!accepted) throw new ApiError(409, 'definition_outdated');
  return accepted;
}

/**
 * POST Register/Pharmacy: the body is the registration schema of the version it was filled in,
 * refs inlined; normalised, checked and stored against that version.
 */
export const registrationRoutes: FastifyPluginAsync = async (app) => {
  const definitions = new WeakMap<FastifyRequest, Definition>();
  const definitionFor = (request: FastifyRequest): Definition => {
    const definition = definitions.get(request);
    if (!definition) throw new Error('the registration has no definition yet');
    return definition;
  };
  app.post<{ Body: RegistrationForm }>(
    apiPaths.registration,
    {
      schema: {
        operationId: 'submitRegistration',
        tags: [apiTags.registration.name],
        summary: 'Submits a registration',
        description:
          'Against the version it was filled in (X-Definition-Version, the live one when absent); answers its tracking code. Digits may be Persian or ASCII, and a national code or mobile may hold spaces and dashes: they are normalised before validation. An Idempotency-Key makes a retry safe. Rate-limited per client; needs the X-XSRF-TOKEN header.',
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String()),
          [VERSION_HEADER]: Type.Optional(Type.String()),
        }),
        // What the live version took when the server started (documentation: each request is checked
        // against its own version below), as a client may send it: codes with Persian digits, spaces
        // and dashes, as the server normalises them.
        body: acceptedInputSchema(app.definitions.live().registrationSchema),
        response: { 200: RegistrationAnswer, ...errorResponses },
      },
      // The version's own ajv (strict, shared formats, no type coercion, nothing removed), run in
      // preValidation, not Fastify's, which would coerce "1" to 1 and drop unknown fields instead of
      // refusing them, and which knows one schema per route where a registration may name its version.
      validatorCompiler: () => () => true,
      config: { rateLimit: { max: app.config.rateLimit.registrationPerMinute } },
      preValidation: async (request) => {
        const key = request.headers['idempotency-key'];
        if (key !== undefined && (typeof key !== 'string' || !UUID.test(key)))
          throw new ApiError(400, 'idempotency_key');
        const definition = definitionOf(app.definitions, request);
        definitions.set(request, definition);
        const { registrationSchema, validators, wizard } = definition;
        const validateRegistration = validators.registration;
        const normalized = normalizeBySchema(request.body, registrationSchema);
        const body = dropInactiveFields(wizard, validators, normalized);
        if (!validateRegistration(body)) {
          const errors = (validateRegistration.errors ?? []) as unknown as SchemaError[];
          throw new ApiError(400, 'validation', fieldMessages(errors, wizard.registrationSchema, wizard.schemasById));
        }
        request.body = body as RegistrationForm;
      },
      preHandler: async (request) => {
        const { wizard, validators, registrationSchema } = definitionFor(request);
        const fields = stepRuleErrors(wizard, validators, request.body);
        if (Object.keys(fields).length > 0) throw new ApiError(400, 'validation', fields);
        // Fields declared `"verify": "sms"` (none in the shipped definition): their numbers must have
        // been confirmed by a code in this pre-session.
        const unverified = await unverifiedNumbers(app, verifiedFields(registrationSchema), request.psid, request.body);
        if (Object.keys(unverified).length > 0) throw new ApiError(400, 'validation', unverified);
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const key = request.headers['idempotency-key'];
      return register(
        {
          definition: definitionFor(request),
          provinceOfCity: app.locations.provinceOfCity,
          writes: app.durableWrites,
          captcha: app.captcha,
          clock: app.clock,
          publicUrl: app.config.publicUrl,
          onStored: () => app.metrics.registrationsStored.inc(),
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
