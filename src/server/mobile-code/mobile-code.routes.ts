import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { followupPaths } from '../../shared/contracts/followup.js';
import {
  CodeProofChallenge,
  MobileCodeCheck,
  MobileCodeRequest,
  MobileCodeSent,
} from '../../shared/contracts/followup.schemas.js';
import { formats, hasFormatShape } from '../../shared/definition/formats.js';
import { normalizeDigitCode, normalizeMobile } from '../../shared/text/normalize.js';
import { messageFor } from '../../shared/definition/schema-messages.js';
import { fa } from '../../shared/text/strings.fa.js';
import { fill } from '../../shared/text/persian.js';
import { CODE_LENGTH, verifiedFields } from '../../shared/definition/verify.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { Nothing, type TypedApp } from '../api.schemas.js';
import { waitError, waitInWords } from '../throttle/wait-words.js';
import { codeProofs, PROOF_ALGORITHM, PROOF_LIFETIME_MS, type CodeProofs } from './code-proof.js';
import { checkCode, keyedHash, sendCode, type MobileCodeDeps } from './mobile-code.service.js';

/** One warning line a minute while the hourly allowance refuses codes, however many are refused. */
function capacityWarning(log: FastifyBaseLogger, clock: () => number): (perHour: number) => void {
  let warnedAt = Number.NEGATIVE_INFINITY;
  return (perHour) => {
    if (clock() - warnedAt < 60_000) return;
    warnedAt = clock();
    log.warn({ perHour }, 'SMS_CODES_PER_HOUR reached: one-time codes refused until the hour is over');
  };
}

/** GET MobileCode/Challenge: the proof of work a code request must carry. */
function challengeRoute(app: TypedApp, proofs: CodeProofs, rateLimit: { max: number }): void {
  app.get(
    followupPaths.mobileCodeChallenge,
    {
      schema: {
        operationId: 'getMobileCodeChallenge',
        tags: [apiTags.followup.name],
        summary: 'A proof-of-work challenge to solve before asking for a code',
        description: `ALTCHA's v2 format (altcha-lib): find the step number, at most SMS_CODE_PROOF_DIFFICULTY, whose ${PROOF_ALGORITHM} key (cost rounds over salt and nonce + the number as 4 bytes) starts with keyPrefix. Bound to this pre-session, valid ${PROOF_LIFETIME_MS / 60_000} minutes, spent by one POST MobileCode. Rate-limited per client.`,
        response: { 200: CodeProofChallenge, ...errorResponses },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return proofs.issue(request.psid);
    },
  );
}

interface SendRouteParts {
  deps: MobileCodeDeps;
  proofs: CodeProofs;
  mobileOf: (typed: string) => string;
  rateLimit: { max: number };
}

/** POST MobileCode: a proof spent, then the code counted, stored and queued. */
function sendRoute(app: TypedApp, { deps, proofs, mobileOf, rateLimit }: SendRouteParts): void {
  const warnCapacity = capacityWarning(app.log, app.clock);
  app.post(
    followupPaths.mobileCode,
    {
      schema: {
        operationId: 'sendMobileCode',
        tags: [apiTags.followup.name],
        summary: 'Texts a five-digit code to a mobile number',
        description:
          'For a field declared `"verify": "sms"` (409 `mobile_code_off` when the live version has none). Carries a solved challenge of GET MobileCode/Challenge, used once (400 `mobile_code_proof` when it is missing, wrong, expired, of another pre-session or spent). The code lives 2 minutes and allows 3 tries; a new one after 60 s (429 `mobile_code_wait`), at most 5 per number before an hour and 20 per client address, an IPv6 address counted by its /64 (429 `mobile_code_limit`); at most SMS_CODES_PER_HOUR codes an hour across all numbers (503 `sms_capacity` with Retry-After). Queued in the SMS outbox; needs X-XSRF-TOKEN.',
        body: MobileCodeRequest,
        response: { 200: MobileCodeSent, ...errorResponses },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const mobileNumber = mobileOf(request.body.mobileNumber);
      const { proof } = request.body;
      if (!proof || !(await proofs.spend(request.psid, proof))) throw new ApiError(400, 'mobile_code_proof');
      const result = await sendCode(deps, { session: request.psid, mobileNumber, address: request.ip });
      if (!result.ok && result.reason === 'capacity') {
        warnCapacity(deps.codesPerHour);
        throw capacityError(result.retryAfterMs);
      }
      if (!result.ok)
        throw waitError(result.reason === 'wait' ? 'mobile_code_wait' : 'mobile_code_limit', result.retryAfterMs);
      app.sms.worker.nudge();
      return result.sent;
    },
  );
}

/**
 * The one-time code of a field declared `"verify": "sms"` in schemas/: POST MobileCode sends one
 * (carrying a proof of work from GET MobileCode/Challenge), POST MobileCode/Check confirms it for
 * this pre-session (the registration then passes). Both refuse when the definition verifies no
 * field, so the routes cannot be used to send SMS then.
 */
export const mobileCodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { perHour, proofDifficulty } = app.config.smsCodes;
  const deps: MobileCodeDeps = {
    database: app.database,
    clock: app.clock,
    codesPerHour: perHour,
    hash: keyedHash(app.config.csrfSecret),
  };
  const rateLimit = { max: app.config.followupRateLimit.mobileCodePerMinute };
  const proofs = codeProofs({
    secret: app.config.csrfSecret,
    difficulty: proofDifficulty,
    database: app.database,
    clock: app.clock,
  });

  /** The number as the field declares it, with the field's own message when it is not one. */
  const mobileOf = (typed: string): string => {
    // The live version's fields: a publish may turn the verification on or off without a restart.
    const field = verifiedFields(app.definitions.live().registrationSchema)[0];
    if (!field) throw new ApiError(409, 'mobile_code_off');
    const mobileNumber = normalizeMobile(typed);
    const shaped = hasFormatShape('ir-mobile', mobileNumber);
    if (shaped && formats['ir-mobile'](mobileNumber)) return mobileNumber;
    const keyword = shaped ? 'format' : mobileNumber === '' ? 'required' : 'pattern';
    throw new ApiError(400, 'validation', { '/mobileNumber': messageFor(field.schema, keyword) });
  };

  challengeRoute(app, proofs, rateLimit);
  sendRoute(app, { deps, proofs, mobileOf, rateLimit });

  app.post(
    followupPaths.mobileCodeCheck,
    {
      schema: {
        operationId: 'checkMobileCode',
        tags: [apiTags.followup.name],
        summary: 'Confirms a mobile number with its texted code',
        description:
          'The number is then verified for this pre-session, and a registration carrying it passes the field’s check within the hour. One try is spent before the comparison (constant time, against an HMAC): 400 `mobile_code_wrong` with the tries left, or `mobile_code_expired`.',
        body: MobileCodeCheck,
        response: { 204: Nothing(), ...errorResponses },
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

/** 503: the SMS account's hourly allowance is spent; Retry-After is the end of the hour. */
function capacityError(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const message = fill(fa.followup.errors.sms_capacity, { wait: waitInWords(retryAfterMs) });
  return new ApiError(503, 'sms_capacity', undefined, { 'retry-after': String(seconds) }, message);
}
