import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  chooseEncoding,
  COMPRESS_FROM_BYTES,
  compress,
  type Encoding,
  varyOnEncoding,
  weakened,
} from '../plugins/compression.ts';

/**
 * A JSON answer serialised once, as the bytes sent (no UTF-8 encoding or length count per
 * request: a menu is tens of kilobytes), with the ETag that lets a client skip the body, and
 * its compressed copies, each made the first time a browser takes it (docs/decisions/0058).
 */
export interface CachedJson {
  body: Buffer;
  etag: string;
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>;
}

export function cachedJson(value: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
}

/** The kept answer compressed with `encoding`: made once, then the same bytes every time. */
function encodedBody(cached: CachedJson, encoding: Encoding): Promise<Buffer> {
  cached.encoded ??= {};
  return (cached.encoded[encoding] ??= Promise.resolve(
    compress(cached.body, encoding, 'thorough'),
  ));
}

/**
 * Whether an `If-None-Match` header names this ETag. The comparison is weak (RFC 9110 13.1.2):
 * a browser sends back `W/"…"` for a compressed copy, and the answer is the same either way.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const tag = etag.replace(/^W\//, '');
  return header.split(',').some((each) => each.trim().replace(/^W\//, '') === tag);
}

/**
 * Sends a kept answer (or 304 to a client that has it), compressed when the browser takes it
 * and the answer is worth it. `replay` names where the answer is kept in the shop cache, and
 * until when it holds if it changes by itself: the front door may then replay it for the same
 * request and encoding (docs/decisions/0029).
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  replay?: { name: string; until?: number },
) {
  const compressible = cached.body.length >= COMPRESS_FROM_BYTES;
  const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  reply
    .header('etag', encoding ? weakened(cached.etag) : cached.etag)
    .header('cache-control', 'no-cache');
  if (compressible) varyOnEncoding(reply);
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const body = encoding ? await encodedBody(cached, encoding) : cached.body;
  if (encoding) reply.header('content-encoding', encoding);
  if (replay) request.server.frontDoor.keep(request, reply, { ...replay, cached, body });
  return reply.send(body);
}
