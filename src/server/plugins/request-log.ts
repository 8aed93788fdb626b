import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { pino } from 'pino';
import { pathOf } from './csrf.js';

/** What a kept X-Request-Id may look like: nginx's 32 hex digits, a UUID, or any such token of 8 to 64 characters. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The request's id (Fastify's genReqId): the X-Request-Id the proxy set when it is well formed,
 * else a fresh UUID. Checked, so a client cannot write a line break, a long text or anything
 * personal-looking of any length into every line of its request.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : randomUUID();
}

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
