import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiPaths, XSRF_COOKIE } from '../../shared/api-contract.js';
import { ApiError } from '../errors.js';

const PSID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_HEADER = 'x-xsrf-token';
/** Pairs (psid, token) already checked: a browser sends the same pair on every call of its session. */
const VERIFIED_LIMIT = 10_000;

/**
 * Signed double-submit (OWASP): an HttpOnly pre-session id, and an XSRF-TOKEN cookie that script
 * may read, = random + HMAC(secret, psid.random). Unsafe /api/ requests must echo the cookie in
 * X-XSRF-TOKEN; a forged token fails the HMAC, a token from another session fails the binding.
 * Hand-rolled: two cookies and one HMAC per request, no cookie plugin, no session store.
 */
export default fp(
  async (app) => {
    const key = createSecretKey(Buffer.from(app.config.csrfSecret, 'utf8'));
    const secure = app.config.production;
    const psidCookie = secure ? '__Host-psid' : 'psid';
    const attributes = `; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
    const sign = (psid: string, nonce: string): string =>
      createHmac('sha256', key).update(`${psid}.${nonce}`).digest('base64url');

    // The secret never changes while the process runs, so a pair that passed the HMAC once passes
    // it again: remember it (bounded; the whole set is dropped when full) and skip the HMAC.
    let verified = new Set<string>();
    const tokenIsValid = (token: string | undefined, psid: string): boolean => {
      if (!token) return false;
      const pair = `${psid} ${token}`;
      if (verified.has(pair)) return true;
      const match = TOKEN_PATTERN.exec(token);
      if (match === null || !equal(match[2], sign(psid, match[1]))) return false;
      if (verified.size >= VERIFIED_LIMIT) verified = new Set();
      verified.add(pair);
      return true;
    };

    const issue = (request: FastifyRequest, reply: FastifyReply): void => {
      const [found, token] = readCookies(request.headers.cookie, psidCookie, XSRF_COOKIE);
      let psid = found;
      const cookies: string[] = [];
      if (!psid || !PSID_PATTERN.test(psid)) {
        psid = randomBytes(16).toString('base64url');
        cookies.push(`${psidCookie}=${psid}${attributes}; HttpOnly`);
      }
      if (cookies.length > 0 || !tokenIsValid(token, psid)) {
        const nonce = randomBytes(18).toString('base64url');
        cookies.push(`${XSRF_COOKIE}=${nonce}.${sign(psid, nonce)}${attributes}`);
      }
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      request.psid = psid;
    };

    const verify = (request: FastifyRequest): void => {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new ApiError(403, 'csrf');
      const [psid, cookieToken] = readCookies(request.headers.cookie, psidCookie, XSRF_COOKIE);
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
      const path = pathOf(request.url);
      if (SAFE_METHODS.has(request.method)) {
        if (issuesCookies(path)) issue(request, reply);
        done();
        return;
      }
      // Unknown paths and wrong methods change nothing; they get their 404/405 rather than a 403.
      if (!path.startsWith('/api/') || request.is404) {
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
  { name: 'csrf', fastify: '5.x' },
);

/**
 * API answers and pages get the cookies; static files do not, nor do Locations, whose public,
 * day-long cache must never hold somebody's Set-Cookie.
 */
function issuesCookies(path: string): boolean {
  if (path.startsWith('/api/')) return path !== apiPaths.locations;
  if (path.startsWith('/assets/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.html');
}

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Two cookies in one pass over the header (first occurrence of each, as readCookie). */
function readCookies(
  header: string | undefined,
  first: string,
  second: string,
): [string | undefined, string | undefined] {
  let a: string | undefined;
  let b: string | undefined;
  if (!header) return [a, b];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (a === undefined && name === first) a = part.slice(eq + 1).trim();
    else if (b === undefined && name === second) b = part.slice(eq + 1).trim();
    if (a !== undefined && b !== undefined) break;
  }
  return [a, b];
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
