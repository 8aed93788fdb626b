import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiTags } from '../../api-tags.js';
import { STAFF_ROLES, staffPaths } from '../../../shared/contracts/staff.js';
import { SignInRequest, StaffMe } from '../../../shared/contracts/staff.schemas.js';
import { fa } from '../../../shared/text/strings.fa.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { fill } from '../../../shared/text/persian.js';
import { ApiError, errorResponses } from '../../errors.js';
import { appendAudit } from '../../audit/audit.repository.js';
import { signIn, signOut } from '../staff.service.js';
import { identity } from '../../staff-identity.js';
import { noContent } from '../../api.schemas.js';

const tags = [apiTags.staffSession.name];

/** 429 with the wait in Retry-After and, in words, in the message. */
function signInLocked(retryAfterMs: number): ApiError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const wait =
    seconds < 60
      ? fill(faConsole.staff.waitSeconds, { count: seconds })
      : fill(faConsole.staff.waitMinutes, { count: Math.ceil(seconds / 60) });
  return new ApiError(
    429,
    'sign_in_locked',
    undefined,
    { 'retry-after': String(seconds) },
    fill(fa.errors.sign_in_locked, { wait }),
  );
}

/** Signing in and out, and who is signed in. */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.database.db;
  const session = app.staffSession;

  app.post(
    staffPaths.session,
    {
      schema: {
        operationId: 'staffSignIn',
        tags,
        summary: 'Signs a colleague in',
        description:
          'A new server-side session in an HttpOnly cookie. Wrong passwords lock the account and the address for a while (429 `sign_in_locked`, with Retry-After); an unknown e-mail is answered the same way.',
        body: SignInRequest,
        response: { 200: StaffMe, ...errorResponses },
      },
      config: { staffPublic: true, rateLimit: { max: app.config.rateLimit.signInPerMinute } },
    },
    async (request, reply) => {
      const previous = session.idOf(request);
      if (previous !== undefined) await signOut(db(), previous);
      const result = await signIn(db(), request.body.email, request.body.password, request.ip, app.clock);
      if (!result.ok && result.reason === 'locked') throw signInLocked(result.retryAfterMs);
      if (!result.ok) throw new ApiError(401, 'sign_in_failed');
      await appendAudit(db(), { at: app.clock(), actorId: result.identity.accountId, action: 'sign_in' });
      void reply
        .setCookie(session.cookieName, result.sessionId, session.attributes)
        .header('cache-control', 'no-store');
      return { id: result.identity.accountId, email: result.identity.email, role: result.identity.role };
    },
  );

  app.get(
    staffPaths.session,
    {
      schema: {
        operationId: 'staffSession',
        tags,
        summary: 'The signed-in colleague',
        description: 'The e-mail and role of the session’s colleague; 401 without a live session.',
        response: { 200: StaffMe, ...errorResponses },
      },
      // Every role may ask who it is.
      config: { staffRoles: STAFF_ROLES },
    },
    async (request, reply) => {
      const me = identity(request);
      void reply.header('cache-control', 'no-store');
      return { id: me.accountId, email: me.email, role: me.role };
    },
  );

  app.delete(
    staffPaths.session,
    {
      schema: {
        operationId: 'staffSignOut',
        tags,
        summary: 'Signs out',
        description: 'The session is revoked on the server and its cookie cleared.',
        response: { 204: noContent, ...errorResponses },
      },
      config: { staffRoles: STAFF_ROLES },
    },
    async (request, reply) => {
      const sessionId = session.idOf(request);
      if (sessionId !== undefined) await signOut(db(), sessionId);
      await appendAudit(db(), { at: app.clock(), actorId: identity(request).accountId, action: 'sign_out' });
      return reply.clearCookie(session.cookieName, session.attributes).code(204).send();
    },
  );
};
