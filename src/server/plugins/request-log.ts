import fp from 'fastify-plugin';
import { pathOf } from './csrf.js';

/**
 * One line per request: method, path without its query string, status, time, request id (bound by
 * Fastify). Nothing else: no bodies, cookies, headers or tokens reach the log from here.
 */
export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, url: pathOf(request.url).slice(0, 200), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log', fastify: '5.x' },
);
