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

export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
