import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { PRERENDERED_PAGES_DIR, REGISTER_CONFIG_ELEMENT_ID } from '../../shared/api-contract.js';
import { fa } from '../../shared/strings.fa.js';
import { etagMatches, registerConfigOf } from '../routes/config.routes.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The staff console's own page (staff.html, a second Vite entry). */
const STAFF_PAGE = 'staff.html';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page path with its pre-rendered page, else the wizard's index.html (the client routes it). */
    serveSpa: (reply: FastifyReply, path?: string) => FastifyReply;
  }
}

interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * The built wizard from CLIENT_DIR: hashed /assets/ cached for a year (and served as .br/.gz when
 * the build left those beside them), pages revalidated every time. A step's route gets its
 * pre-rendered page with Register/Config inlined (no round trip before the plan or the map can
 * show); any other page path gets index.html. Without a build, pages say so in Persian.
 */
export default fp(
  async (app) => {
    const root = app.config.clientDir;
    const built = existsSync(join(root, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, path) => {
          void reply.header('cache-control', path.includes(`${'/'}assets${'/'}`) ? IMMUTABLE : 'no-cache');
        },
      });
    }
    const pages = built
      ? readPages(join(root, PRERENDERED_PAGES_DIR), JSON.stringify(registerConfigOf(app.definition)))
      : new Map<string, Page>();
    const placeholder = notBuiltPage();
    const staffBuilt = built && existsSync(join(root, STAFF_PAGE));
    app.decorate('serveSpa', (reply: FastifyReply, path?: string) => {
      // The staff console is rendered in the browser only: never pre-rendered, never cached by a proxy.
      if (staffBuilt && path !== undefined && (path === '/staff' || path.startsWith('/staff/')))
        return reply.sendFile(STAFF_PAGE);
      const page = path === undefined ? undefined : pages.get(path);
      if (page) return sendPage(reply, page);
      return built
        ? reply.sendFile('index.html')
        : reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(placeholder);
    });
  },
  { name: 'spa', fastify: '5.x', dependencies: ['definition'] },
);

/** Route -> page, with the config inlined and compressed once at start. */
function readPages(dir: string, configJson: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  if (!existsSync(dir)) return pages;
  // A JSON data block is never run (the CSP allows no inline script); `<` is escaped so the text
  // cannot close the element.
  const block = `<script type="application/json" id="${REGISTER_CONFIG_ELEMENT_ID}">${configJson.replace(/</g, '\\u003c')}</script>`;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const html = readFileSync(join(dir, file), 'utf8').replace('</head>', () => `  ${block}\n  </head>`);
    const identity = Buffer.from(html);
    pages.set(`/${file.slice(0, -'.html'.length)}`, {
      identity,
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip: gzipSync(identity, { level: 9 }),
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    });
  }
  return pages;
}

function sendPage(reply: FastifyReply, page: Page): FastifyReply {
  void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
  if (etagMatches(reply.request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  void reply.type('text/html; charset=utf-8');
  const accepted = String(reply.request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

function notBuiltPage(): string {
  const text = fa.errors.not_built;
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>${fa.app.headerTitle}</title></head><body><h1>${fa.app.headerTitle}</h1><p>${text}</p></body></html>`;
}
