import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers compressed for the browser (docs/decisions/0058): a staff tablet on a weak line opens
 * the desk with its open orders (28 KB of JSON for 20), a customer the menu. Caddy compresses in
 * the deploy, but the server is also run on its own (`npm start`, another proxy), and every
 * answer of ours already crosses the wire as it does in production.
 */

/** Under one TCP segment's payload an answer takes one packet either way: not worth the CPU. */
export const COMPRESS_FROM_BYTES = 1400;

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an `Accept-Encoding` header: brotli when accepted, else gzip, else
 * none. `q=0` refuses a coding; `*` stands for any not named.
 */
export function chooseEncoding(accept: string | string[] | undefined): Encoding | undefined {
  if (typeof accept !== 'string' || accept === '') return undefined;
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of accept.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value);
    }
    if (!(q > 0)) q = 0;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') any = q;
  }
  br ??= any;
  gz ??= any;
  if (br && br >= (gz ?? 0)) return 'br';
  if (gz) return 'gzip';
  return undefined;
}

/** What answers are compressed: JSON, HTML, CSV and plain text. */
const COMPRESSIBLE = /^(?:application\/json|text\/(?:html|csv|plain))\b/;

/** brotli at quality 5 and gzip at 6: most of the saving for little CPU, on a live answer. */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}

/** A strong ETag no longer names the bytes once they are compressed: it becomes weak. */
export const weakened = (etag: string) => (etag.startsWith('W/') ? etag : `W/${etag}`);

/** `Vary: Accept-Encoding` added to what the answer already varies on. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) return void reply.header('vary', 'accept-encoding');
  const list = String(vary);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(list)) {
    reply.header('vary', `${list}, accept-encoding`);
  }
}

async function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_FROM_BYTES) return payload;
  varyOnEncoding(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return body;
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string') reply.header('etag', weakened(etag));
  reply.header('content-encoding', encoding).removeHeader('content-length');
  return compress(body, encoding);
}

/** Compresses every JSON, HTML or CSV answer of 1,400 bytes or more the browser can take. */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', compressAnswer);
  },
  { name: 'compression' },
);
