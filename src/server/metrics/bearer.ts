import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the token, compared in constant time (as digests, so
 * neither the token's length nor its prefix shows in the timing).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header === undefined ? null : /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!match) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}
