/**
 * The editor's preview runs in a sandboxed frame (an opaque origin), so it carries no staff cookie.
 * What lets it read the draft instead is a token the console asks for and puts in the frame's
 * address: the draft's revision and version and an expiry a few minutes away, signed with an HMAC
 * under a key derived from the server's secret. It opens the draft's definition.json and
 * validators.js at that revision and version, and nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PREVIEW_TOKEN_TTL_MS = 15 * 60_000;
/** `<revision>.<version>.<expiry in ms>.<HMAC-SHA256, base64url>`: safe in a query string as it is. */
export const PREVIEW_TOKEN_PATTERN = '^[0-9]{1,15}\\.[0-9a-f]{6,64}\\.[0-9]{1,15}\\.[A-Za-z0-9_-]{43}$';
const TOKEN = new RegExp(PREVIEW_TOKEN_PATTERN);

/** The draft a token is for: the revision the console saved and the version (hash) of its files. */
export interface PreviewedDraft {
  revision: number;
  version: string;
}

export type PreviewTokenCheck = { ok: true; draft: PreviewedDraft } | { ok: false; reason: 'expired' | 'forged' };

export interface PreviewTokens {
  issue(draft: PreviewedDraft): { token: string; expiresAt: number };
  /** The draft a token was signed for, if its signature holds and it has not expired. */
  check(token: string): PreviewTokenCheck;
}

export function previewTokens(secret: string, clock: () => number): PreviewTokens {
  // A key of its own: a value signed with the same secret for another purpose never passes here.
  const key = createHmac('sha256', secret).update('definition-preview').digest();
  const sign = (claims: string): Buffer => createHmac('sha256', key).update(claims).digest();
  return {
    issue: ({ revision, version }) => {
      const expiresAt = clock() + PREVIEW_TOKEN_TTL_MS;
      const claims = `${revision}.${version}.${expiresAt}`;
      return { token: `${claims}.${sign(claims).toString('base64url')}`, expiresAt };
    },
    check: (token) => {
      if (!TOKEN.test(token)) return { ok: false, reason: 'forged' };
      const cut = token.lastIndexOf('.');
      const claims = token.slice(0, cut);
      const given = Buffer.from(token.slice(cut + 1), 'base64url');
      const expected = sign(claims);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
      const [revision, version, expiresAt] = claims.split('.');
      if (Number(expiresAt) <= clock()) return { ok: false, reason: 'expired' };
      return { ok: true, draft: { revision: Number(revision), version } };
    },
  };
}
