import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { followupPaths } from '../../shared/contracts/followup.js';
import { StatusAnswer, StatusRequest } from '../../shared/contracts/followup.schemas.js';
import {
  normalizedStatusRequest,
  statusErrorPointers,
  statusRequestErrors,
} from '../../shared/contracts/status-request.js';
import { apiTags } from '../api-tags.js';
import { ApiError, errorResponses } from '../errors.js';
import { lookUpStatus } from './status.service.js';
import { waitError } from '../throttle/wait-words.js';

/**
 * POST Register/Status: a registration's status for its tracking code and mobile number (both in
 * the body, never in a URL; the body is never logged). Rate-limited per client, locked per code.
 */
export const statusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    followupPaths.status,
    {
      schema: {
        operationId: 'registrationStatus',
        tags: [apiTags.followup.name],
        summary: "A registration's status for its tracking code and mobile number",
        description:
          'Both in the body, never in a URL (Persian digits, dashes and spaces accepted). A wrong number and an unknown code get the same 404 `status_not_found`; every attempt is counted per client address and per code before the answer is read, and 5 wrong answers lock a code for 15 minutes (429 `status_locked`, Retry-After). Rate-limited per client; needs X-XSRF-TOKEN.',
        body: StatusRequest,
        response: { 200: StatusAnswer, ...errorResponses },
      },
      config: { rateLimit: { max: app.config.followupRateLimit.statusPerMinute } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      // Typed as the wizard accepts them: Persian digits, dashes and spaces, a code in lower case.
      const { trackingCode, mobileNumber } = normalizedStatusRequest(request.body);
      const fields = statusErrorPointers(statusRequestErrors({ trackingCode, mobileNumber }));
      if (Object.keys(fields).length > 0) throw new ApiError(400, 'validation', fields);
      const result = await lookUpStatus(
        app.database.db,
        { trackingCode, mobileNumber, address: request.ip },
        app.clock(),
      );
      if (result.ok) return result.answer;
      if (result.reason === 'locked') throw waitError('status_locked', result.retryAfterMs);
      throw new ApiError(404, 'status_not_found');
    },
  );
};
