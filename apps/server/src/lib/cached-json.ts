import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer serialised once, as the bytes sent (no UTF-8 encoding or length count per
 * request: a menu is tens of kilobytes), with the ETag that lets a client skip the body.
 */
export interface CachedJson {
  body: Buffer;
  etag: string;
}

export function cachedJson(value: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
}

/**
 * Sends a kept answer (or 304 to a client that has it). `replay` names where the answer is kept
 * in the shop cache, and until when it holds if it changes by itself: the front door may then
 * replay it for the same request (docs/decisions/0029).
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  replay?: { name: string; until?: number },
) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (replay) request.server.frontDoor.keep(request, reply, { ...replay, cached });
  return reply.send(cached.body);
}
