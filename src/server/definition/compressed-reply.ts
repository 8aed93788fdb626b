import type { FastifyReply } from 'fastify';
import { etagMatches } from '../routes/config.routes.js';
import type { CompressedBody } from './artifacts.js';

/** Sends a precompressed body in the encoding the client takes. */
export function sendCompressed(
  reply: FastifyReply,
  body: CompressedBody,
  type: string,
  cacheControl: string,
): FastifyReply {
  void reply.header('cache-control', cacheControl).header('vary', 'accept-encoding').header('etag', body.etag);
  if (etagMatches(reply.request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  void reply.type(type);
  const accepted = String(reply.request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}
