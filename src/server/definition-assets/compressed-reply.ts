import type { FastifyReply } from 'fastify';
import type { CompressedBody } from '../definition/artifacts.js';

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

/** Whether the client's If-None-Match names this entity tag (weak or strong, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
