import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, apiPaths, XSRF_COOKIE } from '../../shared/contracts/wizard-api.js';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The pre-session id from the HttpOnly cookie (issued here when missing). */
    psid: string;
  }
}

const PSID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;
/** Methods that change nothing: they get the cookies; every other method under /api/ needs the token. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write the page may send with navigator.sendBeacon, which cannot add the anti-forgery
     * header: only a cross-site request is refused here, and `request.psid` is set when the
     * pre-session cookie (SameSite=Strict, so never sent from another site) came with it. The
     * route refuses a request without one itself.
     */
    beacon?: boolean;
  }
}

/**
 * Signed double-submit (OWASP): an HttpOnly pre-session id, and an XSRF-TOKEN cookie that script
 * may read, = random + HMAC(secret, psid.random). Unsafe /api/ requests must echo the cookie in
 * X-XSRF-TOKEN; a forged token fails the HMAC, a token from another session fails the binding.
 * Cookies are read and written by @fastify/cookie. The token scheme stays ours: it is bound to the
 * pre-session id that the captcha and the registration also key on, which @fastify/csrf-protection
 * (a secret of its own in a separate cookie or session) would not give us.
 */
export default fp(
  async (app) => {
    const key = createSecretKey(Buffer.from(app.config.csrfSecret, 'utf8'));
    const secure = app.config.production;
    const psidCookie = secure ? '__Host-psid' : 'psid';
    const attributes: CookieSerializeOptions = { path: '/', sameSite: 'strict', secure };
    const sign = (psid: string, nonce: string): string =>
      createHmac('sha256', key).update(`${psid}.${nonce}`).digest('base64url');
    const tokenIsValid = (token: string | undefined, psid: string): boolean => {
      const match = token === undefined ? null : TOKEN_PATTERN.exec(token);
      return match !== null && equal(match[2], sign(psid, match[1]));
    };

    const issue = (request: FastifyRequest, reply: FastifyReply): void => {
      const found = request.cookies[psidCookie];
      const psid = found !== undefined && PSID_PATTERN.test(found) ? found : randomBytes(16).toString('base64url');
      if (psid !== found) void reply.setCookie(psidCookie, psid, { ...attributes, httpOnly: true });
      if (psid !== found || !tokenIsValid(request.cookies[XSRF_COOKIE], psid)) {
        const nonce = randomBytes(18).toString('base64url');
        void reply.setCookie(XSRF_COOKIE, `${nonce}.${sign(psid, nonce)}`, attributes);
      }
      request.psid = psid;
    };

    const verify = (request: FastifyRequest): void => {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new ApiError(403, 'csrf');
      const psid = request.cookies[psidCookie];
      const cookieToken = request.cookies[XSRF_COOKIE];
      const headerToken = request.headers[TOKEN_HEADER];
      const valid =
        psid !== undefined &&
        PSID_PATTERN.test(psid) &&
        typeof headerToken === 'string' &&
        cookieToken !== undefined &&
        equal(headerToken, cookieToken) &&
        tokenIsValid(headerToken, psid);
      if (!valid) throw new ApiError(403, 'csrf');
      request.psid = psid;
    };

    app.decorateRequest('psid', '');
    app.addHook('onRequest', (request, reply, done) => {
      const path = routedPath(request);
      if (SAFE_METHODS.has(request.method)) {
        // A wildcard route (static files) is judged by the file asked for.
        if (issuesCookies(path.includes('*') ? pathOf(request.url) : path)) issue(request, reply);
        done();
        return;
      }
      // Unknown paths and wrong methods change nothing; they get their 404/405 rather than a 403.
      if (request.is404 || !path.startsWith(API_BASE)) {
        done();
        return;
      }
      if (request.routeOptions.config?.beacon) {
        const psid = request.cookies[psidCookie];
        if (request.headers['sec-fetch-site'] === 'cross-site') return done(new ApiError(403, 'csrf'));
        if (psid !== undefined && PSID_PATTERN.test(psid)) request.psid = psid;
        done();
        return;
      }
      try {
        verify(request);
        done();
      } catch (error) {
        done(error as Error);
      }
    });
  },
  { name: 'csrf', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);

/**
 * The anonymous counters: they promise to set no cookie, and no form follows them, so a visitor
 * counted there gets no pre-session id to be recognised by.
 */
const ANONYMOUS_COUNTERS: ReadonlySet<string> = new Set([apiPaths.statistic, apiPaths.statisticStep]);

/**
 * API answers and pages get the cookies; files do not (the wizard's assets, the API reference's
 * assets, the OpenAPI document), nor do Locations, whose public, day-long cache must never hold
 * somebody's Set-Cookie, nor the anonymous counters, nor the key-read routes (/api/v1/).
 */
function issuesCookies(path: string): boolean {
  if (path === apiPaths.locations || path.startsWith('/assets/') || ANONYMOUS_COUNTERS.has(path)) return false;
  // Read by other systems with a key: no browser, no form, nothing a pre-session is for.
  if (path.startsWith('/api/v1/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.html');
}

/**
 * The path as the router matched it: the route's own pattern (`/api/staff/api-keys/:id`), whatever
 * spelling reached it (`/%61pi/…` decodes to the same route). Only a request no route took (the
 * wizard's pages, a 404) is judged by its URL, and nothing is written on that way.
 */
export function routedPath(request: FastifyRequest): string {
  return request.is404 ? pathOf(request.url) : (request.routeOptions.url ?? pathOf(request.url));
}

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
