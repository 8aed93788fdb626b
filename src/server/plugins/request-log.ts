import fp from 'fastify-plugin';
import { pino } from 'pino';
import { pathOf } from './csrf.js';

/**
 * One line per request: request id, method, path without its query string, status, time. Nothing
 * else: no bodies, cookies, headers or tokens reach the log from here.
 *
 * The line is written by a sibling of the app's logger on the same stream, without the redaction
 * (a second line of defence for everything else): none of its fixed fields can match a redacted
 * path, and running the redaction on every request cost as much as the rest of the line.
 */
export default fp(
  async (app) => {
    const stream = (app.log as Partial<Record<typeof pino.symbols.streamSym, pino.DestinationStream>>)[
      pino.symbols.streamSym
    ];
    const lines = stream ? pino({ level: app.log.level }, stream) : undefined;
    if (!lines?.isLevelEnabled('info')) return;
    app.addHook('onResponse', (request, reply, done) => {
      lines.info(
        {
          reqId: request.id,
          method: request.method,
          url: pathOf(request.url).slice(0, 200),
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log', fastify: '5.x' },
);
