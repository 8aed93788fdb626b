import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { fa } from '../../shared/strings.fa.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page path with the wizard's index.html (the client routes it). */
    serveSpa: (reply: FastifyReply) => FastifyReply;
  }
}

/**
 * The built wizard from CLIENT_DIR: hashed /assets/ cached for a year (and served as .br/.gz when
 * the build left those beside them), index.html revalidated every time, and any other page path
 * answered with index.html. Without a build, pages say so in Persian.
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
    const placeholder = notBuiltPage();
    app.decorate('serveSpa', (reply: FastifyReply) =>
      built
        ? reply.sendFile('index.html')
        : reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(placeholder),
    );
  },
  { name: 'spa', fastify: '5.x' },
);

function notBuiltPage(): string {
  const text = fa.errors.not_built;
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>${fa.app.headerTitle}</title></head><body><h1>${fa.app.headerTitle}</h1><p>${text}</p></body></html>`;
}
