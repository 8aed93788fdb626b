import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import type { MapSettings } from '../../shared/contracts/wizard-api.schemas.js';
import { definitionAssetPaths } from '../../shared/definition/definition-assets.js';
import { DEFINITION_PREVIEW_PATH, PREVIEW_SANDBOX } from '../../shared/definition/definition-preview.js';
import { PAGE_SCRIPT_HASHES_FILE } from '../../shared/definition/page-renderer.js';

/**
 * Security headers from helmet, one set for pages, static files and /api/ answers alike (the
 * editor's preview pages differ in two things: a page of this origin may frame them, and they are
 * sandboxed).
 * The CSP is ours, not helmet's default: styles may be inline (RJSF and Leaflet set style
 * attributes), scripts only from our origin, plus the pages' own loader inline, allowed by the hash
 * of its text that the build left beside the page renderer (no other inline script runs); images
 * may come from the map's tile server. HSTS only in production, where the site is served over HTTPS
 * (outside it, it would pin localhost to https).
 *
 * helmet's middleware is built once per map source, here: @fastify/helmet built it again on every
 * request, parsing the CSP each time (7 % of the server's CPU under the benchmark's load).
 */
export default fp(
  async (app) => {
    const scriptHashes = pageScriptHashes(app.config.ssrDir);
    const options = (map: MapSource, framedBySelf: boolean) => ({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...pageDirectives(map, scriptHashes),
          ...(framedBySelf ? { 'frame-ancestors': ["'self'"], sandbox: PREVIEW_SANDBOX } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: framedBySelf ? ('sameorigin' as const) : ('deny' as const) },
      referrerPolicy: { policy: 'no-referrer' as const },
      strictTransportSecurity: app.config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    // The map's hosts follow the live version: a version published with another provider or tile
    // server is in force on the next page, with no restart. One middleware per map source seen.
    const built = new Map<string, ReturnType<typeof helmet>>();
    const headersFor = (map: MapSource, framedBySelf: boolean) => {
      const key = JSON.stringify([map.provider, map.tileUrl, framedBySelf]);
      let setHeaders = built.get(key);
      if (!setHeaders) built.set(key, (setHeaders = helmet(options(map, framedBySelf))));
      return setHeaders;
    };
    // The editor's preview frames the wizard rendered from the draft: those pages, and only they,
    // may be framed, and only by a page of this origin (the console's «ویرایش فرم»).
    const isPreview = (url: string) => url === DEFINITION_PREVIEW_PATH || url.startsWith(`${DEFINITION_PREVIEW_PATH}/`);
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'GET' && READABLE_ANYWHERE.has(request.routeOptions.url ?? '')) {
        void reply.header('access-control-allow-origin', '*');
      }
      const setHeaders = headersFor(app.definitions.live().registerConfig.map, isPreview(request.url));
      // helmet 8 throws its errors rather than passing them on; `next` only says it is done.
      setHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers', fastify: '5.x', dependencies: ['definition'] },
);

/**
 * What the wizard reads in the editor's preview, an opaque origin where every fetch is a CORS
 * request: readable by any origin (refusals too, so the preview can show their Persian words),
 * never with credentials. Public answers tell a page elsewhere nothing it could not fetch without a
 * browser; the draft's files need their preview token. Static files say the same in spa.ts.
 */
const READABLE_ANYWHERE: ReadonlySet<string> = new Set([
  apiPaths.config,
  apiPaths.locations,
  apiPaths.captcha,
  definitionAssetPaths.draftDefinition,
  definitionAssetPaths.draftValidators,
]);

/**
 * Where Neshan's SDK (vendored, served from here) reaches when the map is Neshan's: its tiles and
 * images on its subdomains, and its quota check on its API (widgets/vendor/neshan-leaflet/).
 */
const NESHAN_SOURCES = { images: ['https://*.neshan.org'], connect: ['https://api.neshan.org'] };

/** A hash source of CSP: `'sha256-` and the base64 of 32 bytes. */
const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/**
 * The inline scripts the built pages carry, as the build listed them (src/shared/definition/page-renderer.ts);
 * none without a client build. A malformed entry stops the server: it would land in a header.
 */
export function pageScriptHashes(ssrDir: string): string[] {
  const file = join(ssrDir, PAGE_SCRIPT_HASHES_FILE);
  if (!existsSync(file)) return [];
  const hashes: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && HASH_SOURCE.test(hash)))
    throw new Error(`${file} is not a list of 'sha256-…' sources: rebuild the client (npm run build:client)`);
  return hashes as string[];
}

/** The page CSP: nothing evaluated and no inline script but the listed ones run, nothing embeds, bases or frames the wizard. */
type MapSource = Pick<MapSettings, 'provider' | 'tileUrl'>;

export function pageDirectives(map: MapSource, scriptHashes: readonly string[] = []): Record<string, string[]> {
  const tiles = tileSource(map.tileUrl);
  const neshan = map.provider === 'neshan';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...(neshan ? NESHAN_SOURCES.images : [])],
    'connect-src': ["'self'", ...(neshan ? NESHAN_SOURCES.connect : [])],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/** The tile server's origin; a {s} subdomain placeholder becomes a CSP wildcard label. */
export function tileSource(tileUrl: string): string | undefined {
  // The template is an editor's text and lands in a header: only a plain host (letters, digits,
  // dots, hyphens, `{s}`-style placeholders, a port) is taken; anything else (a `;`, a space, a
  // quote) would start another directive, so the map gets no tile source instead.
  const match = /^(https?):\/\/([A-Za-z0-9.{}-]+(?::[0-9]{1,5})?)(?=[/?#]|$)/.exec(tileUrl);
  if (!match) return undefined;
  const labels = match[2].split('.');
  const last = labels.findLastIndex((label) => label.includes('{'));
  const host = last < 0 ? match[2] : ['*', ...labels.slice(last + 1)].join('.');
  return `${match[1]}://${host}`;
}
