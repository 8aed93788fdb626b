import fp from 'fastify-plugin';

/**
 * Security headers from precomputed objects and one hook (helmet's per-request work would cost a
 * third of our throughput). Pages and static files get the page CSP: styles may be inline (RJSF and
 * Leaflet set style attributes), scripts never. /api/ answers are JSON that no browser renders as a
 * document, so they get a short set that allows nothing (fewer bytes to write on every call).
 */
export default fp(
  async (app) => {
    const hsts: Record<string, string> = app.config.production
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {};
    const pageHeaders: Record<string, string> = {
      'content-security-policy': contentSecurityPolicy(app.definition.registerConfig.map.tileUrl),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-frame-options': 'DENY',
      ...hsts,
    };
    const apiHeaders: Record<string, string> = {
      'content-security-policy': API_CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'x-frame-options': 'DENY',
      ...hsts,
    };
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
      done();
    });
  },
  { name: 'security-headers', fastify: '5.x', dependencies: ['definition'] },
);

/** For JSON answers: nothing may load, run, frame or be based on them. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";

export function contentSecurityPolicy(tileUrl: string): string {
  const tiles = tileSource(tileUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The tile server's origin; a {s} subdomain placeholder becomes a CSP wildcard label. */
export function tileSource(tileUrl: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/.exec(tileUrl);
  if (!match) return undefined;
  const labels = match[2].split('.');
  const last = labels.findLastIndex((label) => label.includes('{'));
  const host = last < 0 ? match[2] : ['*', ...labels.slice(last + 1)].join('.');
  return `${match[1]}://${host}`;
}
