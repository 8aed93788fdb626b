import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { fa } from '../../shared/text/strings.fa.js';
import { sendCompressed } from '../definition-assets/compressed-reply.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The staff console's own page (staff.html, a second Vite entry). */
const STAFF_PAGE = 'staff.html';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page path with its pre-rendered page, else the wizard's index.html (the client routes it). */
    serveSpa: (reply: FastifyReply, path?: string) => FastifyReply;
  }
}

/**
 * The built wizard from CLIENT_DIR: hashed /assets/ cached for a year (and served as .br/.gz when
 * the build left those beside them), pages revalidated every time. A step's route gets the live
 * version's page, rendered when that version was prepared (definition/artifacts.ts), with
 * Register/Config inlined (no round trip before the plan or the map can show); a publish changes
 * it without a restart. Any other page path gets index.html. Without a build, pages say so in Persian.
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
          if (path.endsWith('.html')) return;
          // Scripts, styles, fonts and images are the same for everyone: the editor's sandboxed
          // preview (an opaque origin) loads them as cross-origin requests, with no credentials.
          void reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
        },
      });
    }
    const placeholder = notBuiltPage();
    const staffBuilt = built && existsSync(join(root, STAFF_PAGE));
    app.decorate('serveSpa', (reply: FastifyReply, path?: string) => {
      // The staff console is rendered in the browser only: never pre-rendered, never cached by a proxy.
      if (staffBuilt && path !== undefined && (path === '/staff' || path.startsWith('/staff/')))
        return reply.sendFile(STAFF_PAGE);
      const page =
        path === undefined ? undefined : app.definitionArtifacts.ready(app.definitions.live().version)?.pages.get(path);
      if (page) return sendCompressed(reply, page, 'text/html; charset=utf-8', 'no-cache');
      return built
        ? reply.sendFile('index.html')
        : reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(placeholder);
    });
  },
  { name: 'spa', fastify: '5.x', dependencies: ['definition', 'definition-assets'] },
);

function notBuiltPage(): string {
  const text = fa.errors.not_built;
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>${fa.app.headerTitle}</title></head><body><h1>${fa.app.headerTitle}</h1><p>${text}</p></body></html>`;
}
