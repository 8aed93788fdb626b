import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { CASE_ROLES, type StaffRole } from '../../shared/contracts/staff.js';
import { ApiError } from '../errors.js';
import type { StaffIdentity } from '../staff-identity.js';
import { resolveSession } from '../staff/staff.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in colleague; set by the staff guard on every /api/staff route. */
    staff?: StaffIdentity;
  }
  interface FastifyContextConfig {
    /**
     * The roles a staff route lets in; the case roles (agent, admin) unless declared, so an editor
     * reaches no registration unless a route says so.
     */
    staffRoles?: readonly StaffRole[];
    /** The one staff route that needs no session: signing in. */
    staffPublic?: boolean;
  }
  interface FastifyInstance {
    staffSession: {
      cookieName: string;
      attributes: CookieSerializeOptions;
      idOf(request: FastifyRequest): string | undefined;
    };
  }
}

export const STAFF_PREFIX = '/api/staff/';
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The guard every /api/staff route gets, whoever declares it: a route added under the prefix is
 * given it as it is added, so it cannot be forgotten. Answers 401 without a live session and 403
 * to a role the route does not let in.
 */
export const requireStaff: preValidationAsyncHookHandler = async function (
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const sessionId = this.staffSession.idOf(request);
  const identity =
    sessionId === undefined ? undefined : await resolveSession(this.database.db, sessionId, this.clock());
  if (!identity) {
    if (sessionId !== undefined) void reply.clearCookie(this.staffSession.cookieName, this.staffSession.attributes);
    throw new ApiError(401, 'unauthenticated');
  }
  const allowed = request.routeOptions.config.staffRoles ?? CASE_ROLES;
  if (!allowed.includes(identity.role)) throw new ApiError(403, 'forbidden');
  request.staff = identity;
};

export default fp(
  async (app) => {
    const secure = app.config.production;
    const cookieName = secure ? '__Host-staff' : 'staff';
    const attributes: CookieSerializeOptions = { path: '/', sameSite: 'strict', secure, httpOnly: true };
    app.decorate('staffSession', {
      cookieName,
      attributes,
      idOf: (request: FastifyRequest) => {
        const value = request.cookies[cookieName];
        return value !== undefined && SESSION_ID_PATTERN.test(value) ? value : undefined;
      },
    });
    app.decorateRequest('staff', undefined);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(STAFF_PREFIX) || route.config?.staffPublic) return;
      // Before validation: a caller without a session learns nothing, not even what a body should hold.
      const existing =
        route.preValidation === undefined
          ? []
          : Array.isArray(route.preValidation)
            ? route.preValidation
            : [route.preValidation];
      route.preValidation = [requireStaff, ...existing];
    });
  },
  { name: 'staff-auth', fastify: '5.x', dependencies: ['@fastify/cookie', 'database'] },
);
