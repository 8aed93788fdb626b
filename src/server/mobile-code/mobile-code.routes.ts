import type { FastifyPluginAsync } from 'fastify';
import { followupPaths } from '../../shared/followup-contract.js';
import { formats } from '../../shared/formats.js';
import { normalizeDigitCode, normalizeMobile } from '../../shared/normalize.js';
import { messageFor } from '../../shared/schema-messages.js';
import { fa } from '../../shared/strings.fa.js';
import { fill } from '../../shared/text.js';
import { CODE_LENGTH, verifiedFields } from '../../shared/verify.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponseSchema } from '../errors.js';
import { waitError } from '../status/wait-words.js';
import { checkCode, keyedHash, sendCode, type MobileCodeDeps } from './mobile-code.service.js';

const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };
const mobileProperty = { type: 'string', maxLength: 64 } as const;

/**
 * The one-time code of a field declared `"verify": "sms"` in schemas/: POST MobileCode sends one,
 * POST MobileCode/Check confirms it for this pre-session (the registration then passes). Both
 * refuse when the definition verifies no field, so the routes cannot be used to send SMS then.
 */
export const mobileCodeRoutes: FastifyPluginAsync = async (app) => {
  const deps: MobileCodeDeps = { database: app.database, clock: app.clock, hash: keyedHash(app.config.csrfSecret) };
  const rateLimit = { max: app.config.followupRateLimit.mobileCodePerMinute };

  /** The number as the field declares it, with the field's own message when it is not one. */
  const mobileOf = (typed: string): string => {
    // The live version's fields: a publish may turn the verification on or off without a restart.
    const field = verifiedFields(app.definition.registrationSchema)[0];
    if (!field) throw new ApiError(409, 'mobile_code_off');
    const mobileNumber = normalizeMobile(typed);
    if (/^09[0-9]{9}$/.test(mobileNumber) && formats['ir-mobile'](mobileNumber)) return mobileNumber;
    const keyword = /^09[0-9]{9}$/.test(mobileNumber) ? 'format' : mobileNumber === '' ? 'required' : 'pattern';
    throw new ApiError(400, 'validation', { '/mobileNumber': messageFor(field.schema, keyword) });
  };

  app.post<{ Body: { mobileNumber: string } }>(
    followupPaths.mobileCode,
    {
      schema: {
        operationId: 'sendMobileCode',
        tags: [apiTags.followup.name],
        summary: 'Texts a five-digit code to a mobile number',
        description:
          'For a field declared `"verify": "sms"` (409 `mobile_code_off` when the live version has none). The code lives 2 minutes and allows 3 tries; a new one after 60 s (429 `mobile_code_wait`), at most 5 per number before an hour and 20 per client address (429 `mobile_code_limit`). Queued in the SMS outbox; needs X-XSRF-TOKEN.',
        body: {
          type: 'object',
          required: ['mobileNumber'],
          additionalProperties: false,
          properties: { mobileNumber: mobileProperty },
        },
        response: {
          200: {
            type: 'object',
            required: ['resendAfterMs', 'expiresInMs'],
            additionalProperties: false,
            properties: { resendAfterMs: { type: 'integer' }, expiresInMs: { type: 'integer' } },
          },
          ...errors,
        },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const mobileNumber = mobileOf(request.body.mobileNumber);
      const result = await sendCode(deps, { session: request.psid, mobileNumber, address: request.ip });
      if (!result.ok)
        throw waitError(result.reason === 'wait' ? 'mobile_code_wait' : 'mobile_code_limit', result.retryAfterMs);
      app.sms.worker.nudge();
      return result.sent;
    },
  );

  app.post<{ Body: { mobileNumber: string; code: string } }>(
    followupPaths.mobileCodeCheck,
    {
      schema: {
        operationId: 'checkMobileCode',
        tags: [apiTags.followup.name],
        summary: 'Confirms a mobile number with its texted code',
        description:
          'The number is then verified for this pre-session, and a registration carrying it passes the field’s check within the hour. One try is spent before the comparison (constant time, against an HMAC): 400 `mobile_code_wrong` with the tries left, or `mobile_code_expired`.',
        body: {
          type: 'object',
          required: ['mobileNumber', 'code'],
          additionalProperties: false,
          properties: { mobileNumber: mobileProperty, code: { type: 'string', maxLength: 32 } },
        },
        response: { 204: { type: 'null' }, ...errors },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const mobileNumber = mobileOf(request.body.mobileNumber);
      const code = normalizeDigitCode(request.body.code);
      if (!new RegExp(`^[0-9]{${CODE_LENGTH}}$`).test(code))
        throw new ApiError(400, 'validation', { '/code': fa.followup.otp.codeInvalid });
      const result = await checkCode(deps, { session: request.psid, mobileNumber, code });
      if (result.ok) return reply.code(204).send();
      if (result.reason === 'expired') throw new ApiError(400, 'mobile_code_expired');
      const message = fill(fa.followup.errors.mobile_code_wrong, { tries: result.triesLeft });
      throw new ApiError(400, 'mobile_code_wrong', { '/code': message }, undefined, message);
    },
  );
};
