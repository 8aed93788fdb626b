import fp from 'fastify-plugin';

/**
 * Security headers from one precomputed object and one hook (helmet's per-request work would cost
 * a third of our throughput). Styles may be inline (RJSF and Leaflet set style attributes); scripts
 * never.
 */
export default fp(
  async (app) => {
    const headers: Record<string, string> = {
      'content-security-policy': contentSecurityPolicy(app.definition.registerConfig.map.tileUrl),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-frame-options': 'DENY',
    };
    if (app.config.production) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers', fastify: '5.x', dependencies: ['definition'] },
);

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
